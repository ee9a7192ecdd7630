import { UPLOAD_RATE_LIMITS } from '../../shared/abuse.ts';
import { purposeNeedsAdmin } from '../../shared/uploads.ts';
import { clientKey } from '../http/client.ts';
import { currentStaff, requireAccess, type Staff } from '../auth/access.ts';
import { throttle } from '../http/throttle.ts';
import { recordEvent } from '../audit/actor.ts';
import { getDb } from '../db/index.ts';
import { parseUploadRequest } from './tickets.ts';

/**
 * Who may start an upload (single or in parts): any purpose but an attachment needs an agent or owner
 * (401 without a session, 403 for a viewer); the team's uploads are not counted; a visitor's starts are
 * limited per client (429). Returns the team member, or null for a visitor.
 */
export async function guardUploadStart(req: Request, context: { ip?: string } | undefined, body: unknown): Promise<Staff | null> {
  const { purpose } = parseUploadRequest(body);
  if (purposeNeedsAdmin(purpose)) return requireAccess(req, 'uploads.write', context);
  const staff = req.headers.has('authorization') ? await currentStaff(req, context) : null;
  if (!staff) await throttle('upload', clientKey(req, context), UPLOAD_RATE_LIMITS);
  return staff;
}

/** A team member's upload, in the activity log (a visitor's attachments are their inquiry's). */
export async function recordStaffUpload(staff: Staff | null, objectPath: string, purpose: string): Promise<void> {
  if (staff) await recordEvent(await getDb(), staff.actor, { action: 'upload', entity: 'object', entityId: objectPath, changes: { purpose: [null, purpose] } });
}
