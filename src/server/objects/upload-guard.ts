import { UPLOAD_RATE_LIMITS } from '../../shared/abuse.ts';
import { purposeNeedsAdmin } from '../../shared/uploads.ts';
import { clientKey } from '../http/client.ts';
import { requireAdmin } from '../auth/sessions.ts';
import { throttle } from '../http/throttle.ts';
import { parseUploadRequest } from './tickets.ts';

/**
 * Who may start an upload (single or in parts): any purpose but an attachment needs the admin's bearer
 * (401); the admin's uploads are not counted; a visitor's starts are limited per client (429).
 */
export async function guardUploadStart(req: Request, context: { ip?: string } | undefined, body: unknown): Promise<void> {
  const { purpose } = parseUploadRequest(body);
  if (purposeNeedsAdmin(purpose)) return requireAdmin(req);
  if (req.headers.has('authorization')) {
    const admin = await requireAdmin(req).then(() => true, () => false);
    if (admin) return;
  }
  await throttle('upload', clientKey(req, context), UPLOAD_RATE_LIMITS);
}
