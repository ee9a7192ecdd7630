import { describe, expect, it } from 'vitest';
import { bodyType } from '~/client/upload/put-with-progress';
import { functionGetsBody } from '../../netlify-local/node-http.ts';

describe('a body without a type', () => {
  it('is sent as application/octet-stream, never typeless', () => {
    expect(bodyType(new Blob([new Uint8Array([0xd0, 0xcf])]))).toBe('application/octet-stream');
    expect(bodyType(new Blob(['%PDF'], { type: 'application/pdf' }))).toBe('application/pdf');
  });

  it('does not reach a function on the local server, as on Netlify', () => {
    const bytes = Buffer.from('HWP Document File');
    expect(functionGetsBody('PUT', undefined, bytes)).toBe(false);
    expect(functionGetsBody('PUT', '', bytes)).toBe(false);
    expect(functionGetsBody('PUT', 'application/octet-stream', bytes)).toBe(true);
    expect(functionGetsBody('GET', 'application/json', bytes)).toBe(false);
  });
});
