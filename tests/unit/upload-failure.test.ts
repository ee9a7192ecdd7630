import { describe, expect, it } from 'vitest';
import { createTranslator, flatten } from '~/i18n/translate';
import { claimedType, uploadFailureOf, uploadFailureText } from '~/client/upload/upload-failure';
import en from '../../content/i18n/en/upload.json';
import ko from '../../content/i18n/ko/upload.json';

const refused = (status: number, code: string) => new Error(`${status}: ${JSON.stringify({ error: { code, message: 'x' } })}`);

describe('a failed upload, said at the file', () => {
  it('tells a refused type, an empty file and a too large one from a failure sending again may mend', () => {
    expect(uploadFailureOf(refused(415, 'unsupported_attachment_type'))).toBe('notRealType');
    expect(uploadFailureOf(refused(400, 'empty_file'))).toBe('empty');
    expect(uploadFailureOf(refused(413, 'file_too_large'))).toBe('tooLarge');
    for (const error of [refused(503, 'service_unavailable'), refused(403, 'upload_url_expired'), new Error('0: network error'), 'odd']) expect(uploadFailureOf(error)).toBe('failed');
  });

  it('names the type the file claims by its name, in the reader\'s language', () => {
    expect(claimedType('fake.pdf')).toBe('PDF');
    expect(claimedType('사업계획서.hwp')).toBe('HWP');
    expect(claimedType('README')).toBe('');
    const english = createTranslator(flatten({ upload: en }));
    expect(uploadFailureText(english, 'notRealType', 'fake.pdf', 10)).toBe('fake.pdf is not a real PDF file. Remove it or attach the right file.');
    expect(uploadFailureText(english, 'notRealType', 'README', 10)).toBe('README is not a document or image we accept. Remove it or attach the right file.');
    expect(uploadFailureText(english, 'tooLarge', 'plan.pdf', 10)).toBe('plan.pdf is larger than 10 MB. Remove it or attach a smaller file.');
    expect(uploadFailureText(createTranslator(flatten({ upload: ko })), 'notRealType', 'fake.pdf', 10)).toBe('fake.pdf: 실제 PDF 파일이 아닙니다. 파일을 빼거나 올바른 파일을 첨부해 주세요.');
  });
});
