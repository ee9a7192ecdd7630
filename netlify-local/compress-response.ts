import { compressFor, negotiateEncoding } from './compression.ts';

/**
 * A function's answer compressed for the client, as Netlify's CDN compresses JSON and other text on the
 * way out (brotli, else gzip). Left as it is when already encoded, not text, small, or a HEAD/204.
 */
export async function compressResponse(response: Response, acceptEncoding: string | undefined): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || response.status === 204) return response;
  const encoding = negotiateEncoding(acceptEncoding);
  if (!encoding || !/^(text\/|application\/(json|xml))/.test(type)) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const packed = compressFor(body, type, encoding);
  const headers = new Headers(response.headers);
  const vary = headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!packed) {
    headers.set('Content-Length', String(body.byteLength));
    return new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers });
  }
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(packed.byteLength));
  return new Response(new Uint8Array(packed), { status: response.status, statusText: response.statusText, headers });
}
