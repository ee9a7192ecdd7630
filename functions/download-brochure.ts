import type { Config } from '@netlify/functions';
import { brochureFilename, brochureLocale, countDownload, readBrochure } from '../src/server/brochures.ts';
import { allowMethods, handle } from '../src/server/http.ts';
import { contentDisposition } from '../src/server/object-read.ts';

/** The building's brochure in the asked language (ko by default), as a download; each one counted. */
export default handle(async (req: Request) => {
  allowMethods(req, ['GET', 'HEAD']);
  const locale = brochureLocale(new URL(req.url).searchParams.get('lang'));
  const pdf = await readBrochure(locale);
  if (req.method === 'GET') await countDownload(locale);
  return new Response(req.method === 'HEAD' ? null : pdf, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.byteLength),
      'Content-Disposition': contentDisposition('attachment', brochureFilename(locale)),
      'Cache-Control': 'no-store',
    },
  });
});

export const config: Config = { path: '/api/download/brochure' };
