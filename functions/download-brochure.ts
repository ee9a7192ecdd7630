import type { Config } from '@netlify/functions';
import { brochureFilename, brochureLocale, countDownload, readBrochure } from '../src/server/brochures.ts';
import { clientKey } from '../src/server/http/client.ts';
import { routes, type RouteContext } from '../src/server/http/routes.ts';
import { contentDisposition } from '../src/server/objects/read.ts';

export const config: Config = { path: '/api/download/brochure' };

export default routes(config, { '/api/download/brochure': { GET: download, HEAD: download } });

/** The building's brochure in the asked language (ko by default), as a download; counted once per client and hour. */
async function download(req: Request, context: RouteContext): Promise<Response> {
  const locale = brochureLocale(new URL(req.url).searchParams.get('lang'));
  const pdf = await readBrochure(locale);
  if (req.method === 'GET') await countDownload(locale, clientKey(req, context));
  return new Response(req.method === 'HEAD' ? null : pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': contentDisposition('attachment', brochureFilename(locale)),
      'Cache-Control': 'no-store',
    },
  });
}
