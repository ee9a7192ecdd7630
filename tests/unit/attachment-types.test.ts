import { describe, expect, it } from 'vitest';
import { sniffAttachmentType } from '../../src/server/objects/magic-bytes.ts';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_TYPES } from '../../src/shared/uploads.ts';
import { ACCEPTED_DOCUMENTS, ole2Of, REFUSED_FILES, zipOf } from '../support/documents.ts';

describe('inquiry attachments are told apart by their bytes (issue 16)', () => {
  it.each(Object.entries(ACCEPTED_DOCUMENTS))('%s is accepted as what it is', (_name, sample) => {
    expect(sniffAttachmentType(new Uint8Array(sample.bytes))).toBe(sample.type);
  });

  it.each(Object.entries(REFUSED_FILES))('%s is refused', (_name, bytes) => {
    expect(sniffAttachmentType(new Uint8Array(bytes))).toBeNull();
  });

  it('names every accepted type once, by its bytes and by its file name', () => {
    expect(new Set(Object.values(ACCEPTED_DOCUMENTS).map((sample) => sample.type))).toEqual(new Set(ATTACHMENT_TYPES));
    for (const name of Object.keys(ACCEPTED_DOCUMENTS)) expect(ATTACHMENT_EXTENSIONS).toContain(name.slice(name.lastIndexOf('.')));
  });

  it('reads a truncated or corrupt container without throwing', () => {
    const docx = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const doc = ole2Of(['WordDocument']);
    for (const whole of [docx, doc]) {
      for (let cut = 0; cut < whole.length; cut += 7) expect(() => sniffAttachmentType(new Uint8Array(whole.subarray(0, cut)))).not.toThrow();
      const corrupt = Buffer.from(whole);
      for (let i = 8; i < corrupt.length; i += 13) corrupt[i] = 0xff;
      expect(() => sniffAttachmentType(new Uint8Array(corrupt))).not.toThrow();
    }
  });
});
