import { AnswerSchema } from '../../shared/proposals/schemas.ts';
import { getDb } from '../db/index.ts';
import { clientKey } from '../http/client.ts';
import { json, parseInput, readJson } from '../http/json.ts';
import type { RouteContext } from '../http/routes.ts';
import { assertStorableText } from '../http/storable-text.ts';
import { drainSoon } from '../notify/outbox.ts';
import { answerProposal, currentProposal, linkPdf, requestAnswerCode } from './answer.ts';
import { proposalFilename } from './pdf.ts';

/**
 * The prospect's routes (public; the link's token in `Authorization: Bearer` is the credential, never a query).
 * Answers are never cached and the PDF is not indexed.
 */
const noStore = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/** GET /api/proposal-links/current. */
export async function currentLinkRoute(req: Request): Promise<Response> {
  return json(await currentProposal(await getDb(), req), { headers: noStore });
}

/** GET /api/proposal-links/pdf. */
export async function linkPdfRoute(req: Request): Promise<Response> {
  const { pdf, proposal, locale, sha256 } = await linkPdf(await getDb(), req);
  return new Response(new Uint8Array(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${proposalFilename(proposal, locale)}"`, 'X-Content-SHA256': sha256, ...noStore },
  });
}

/** POST /api/proposal-links/code {}: 202, the code mailed to the link's recipient. */
export async function codeRoute(req: Request, context: RouteContext): Promise<Response> {
  await readJson(req, 1024);
  const db = await getDb();
  const sent = await requestAnswerCode(db, req);
  drainSoon(db, context);
  return json(sent, { status: 202, headers: noStore });
}

/** POST /api/proposal-links/answer {decision, …}: the link's one decision, with its evidence. */
export async function answerRoute(req: Request, context: RouteContext): Promise<Response> {
  const answer = parseInput(AnswerSchema, await readJson(req, 16 * 1024));
  assertStorableText(answer);
  const db = await getDb();
  const client = { address: clientKey(req, context), userAgent: req.headers.get('user-agent')?.slice(0, 500) ?? null };
  const receipt = await answerProposal(db, req, answer, client);
  drainSoon(db, context);
  return json(receipt, { headers: noStore });
}
