import { SINGLE_PUT_MAX_BYTES } from '../../shared/uploads.ts';
import type { CreateUploadResponse } from '../../shared/upload-protocol.ts';
import { HttpError } from '../http/errors.ts';
import { readBytes } from '../http/body.ts';
import { checkSignature, signQuery, type SignedAction } from './signing.ts';
import { objectPathOf, storeObject } from './storage.ts';
import { createTicket, deleteTicket, findTicket, parseUploadRequest, SINGLE_TTL_SECONDS, spendTicket, type Ticket } from './tickets.ts';

/** `POST /api/objects/upload`: a single-use URL for one PUT of up to SINGLE_PUT_MAX_BYTES. */
export async function createSingleUpload(body: unknown): Promise<CreateUploadResponse> {
  const request = parseUploadRequest(body);
  if (request.size !== undefined && request.size > SINGLE_PUT_MAX_BYTES) {
    throw new HttpError(413, 'use_parts', `Files over ${SINGLE_PUT_MAX_BYTES} bytes are sent in parts`);
  }
  const ticket = await createTicket('single', request);
  const objectPath = objectPathOf(ticket.id);
  return { uploadURL: `${objectPath}?${await signQuery('put', objectPath, SINGLE_TTL_SECONDS)}`, objectPath };
}

/**
 * The pending upload a signed PUT belongs to. Bad or missing signature, expiry, a used or aborted
 * upload → 403: the URL no longer grants anything.
 */
export async function authorizedTicket(
  action: SignedAction,
  id: string,
  params: URLSearchParams,
  mode: Ticket['mode'],
): Promise<Ticket> {
  const objectPath = objectPathOf(id);
  const check = await checkSignature(action, objectPath, params);
  if (check === 'expired') throw new HttpError(403, 'upload_url_expired', 'This upload URL has expired');
  if (check !== 'valid') throw new HttpError(403, 'invalid_signature', 'This upload URL is not valid');
  const ticket = await findTicket(id);
  if (!ticket || ticket.mode !== mode) throw new HttpError(403, 'upload_url_used', 'This upload URL has already been used');
  return ticket;
}

/**
 * `PUT /objects/uploads/{id}?expires&signature`: stores the body as the object, once. The ticket is
 * spent before the body is read (concurrent PUTs to one URL: one 2xx, the rest 403); whatever the
 * outcome it is gone — a rejected file (413/415/400) leaves nothing behind.
 */
export async function receiveSingle(id: string, params: URLSearchParams, req: Request): Promise<string> {
  const ticket = await authorizedTicket('put', id, params, 'single');
  await spendTicket(id);
  try {
    const bytes = await readBytes(req, SINGLE_PUT_MAX_BYTES);
    const declaredType = req.headers.get('content-type') ?? ticket.declaredType;
    await storeObject({ id, purpose: ticket.purpose, filename: ticket.filename, declaredType }, bytes);
  } finally {
    await deleteTicket(id).catch(() => undefined);
  }
  return objectPathOf(id);
}
