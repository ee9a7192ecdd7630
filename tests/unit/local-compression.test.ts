import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse } from '../../netlify-local/compress-response.ts';

const list = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Brand ${i}`, description: 'A tenant of B TOWER' })));
const jsonResponse = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'Content-Type': 'application/json; charset=utf-8', 'Netlify-Cache-Tag': 'brands', ...headers } });

describe('the local server compresses function answers as Netlify’s CDN does', () => {
  it('sends JSON as brotli (else gzip) to clients that accept it, with its other headers kept', async () => {
    const br = await compressResponse(jsonResponse(list), 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('netlify-cache-tag')).toBe('brands');
    const packed = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(packed.byteLength);
    expect(packed.byteLength).toBeLessThan(list.length / 4);
    expect(brotliDecompressSync(packed).toString()).toBe(list);

    const gz = await compressResponse(jsonResponse(list), 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(list);
  });

  it('leaves alone what should not be compressed: no Accept-Encoding, small bodies, images, empty answers', async () => {
    expect((await compressResponse(jsonResponse(list), undefined)).headers.get('content-encoding')).toBeNull();
    expect((await compressResponse(jsonResponse('[]'), 'br')).headers.get('content-encoding')).toBeNull();
    const image = new Response(new Uint8Array(4096), { headers: { 'Content-Type': 'image/webp' } });
    expect(await compressResponse(image, 'br')).toBe(image);
    const empty = new Response(null, { status: 204 });
    expect(await compressResponse(empty, 'br')).toBe(empty);
  });
});
