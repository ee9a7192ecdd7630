import type { Inquiry } from '../../src/shared/inquiry.ts';
import { toObjectPath } from '../../src/shared/uploads.ts';
import type { Acknowledged } from './load-visitors.ts';

export interface InquiryCheck {
  acknowledged: number;
  exactlyOnce: number;
  missing: string[];
  duplicated: string[];
  /** Stored once, but under another id or with other attachments than were acknowledged. */
  altered: string[];
  /** Stored with this run's marker although no 2xx acknowledged them (a failed request that was kept anyway). */
  unacknowledged: string[];
}

/**
 * Reads every stored inquiry as the admin and checks each acknowledged one is there exactly once, with
 * the id and attachments it was acknowledged with. Only inquiries whose sender name starts with `run` count.
 */
export async function checkInquiries(origin: string, token: string, run: string, acknowledged: Acknowledged[]): Promise<InquiryCheck> {
  const response = await fetch(`${origin}/api/inquiries`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/inquiries → ${response.status}: ${await response.text()}`);
  const byMarker = new Map<string, Inquiry[]>();
  for (const inquiry of (await response.json()) as Inquiry[]) {
    if (!inquiry.name.startsWith(run)) continue;
    byMarker.set(inquiry.name, [...(byMarker.get(inquiry.name) ?? []), inquiry]);
  }
  const check: InquiryCheck = { acknowledged: acknowledged.length, exactlyOnce: 0, missing: [], duplicated: [], altered: [], unacknowledged: [] };
  for (const ack of acknowledged) {
    const stored = byMarker.get(ack.marker) ?? [];
    byMarker.delete(ack.marker);
    if (stored.length === 0) check.missing.push(ack.marker);
    else if (stored.length > 1) check.duplicated.push(ack.marker);
    else if (stored[0]?.id !== ack.id || !sameAttachments(stored[0].attachments, ack.attachments)) check.altered.push(ack.marker);
    else check.exactlyOnce += 1;
  }
  check.unacknowledged = [...byMarker.keys()];
  return check;
}

/** The admin list gives signed links; the stored objects are their paths. */
function sameAttachments(links: string[], paths: string[]): boolean {
  return links.length === paths.length && links.every((link, i) => toObjectPath(link) === paths[i]);
}

export function inquiryCheckPassed(check: InquiryCheck): boolean {
  return check.exactlyOnce === check.acknowledged && check.unacknowledged.length === 0;
}

export function describeInquiryCheck(check: InquiryCheck): string {
  const some = (list: string[]) => (list.length ? ` (${list.slice(0, 5).join(', ')}${list.length > 5 ? ', …' : ''})` : '');
  return [
    `Inquiries: ${check.acknowledged} acknowledged, ${check.exactlyOnce} stored exactly once as acknowledged;`,
    `  ${check.missing.length} missing${some(check.missing)}, ${check.duplicated.length} duplicated${some(check.duplicated)},`,
    `  ${check.altered.length} altered${some(check.altered)}, ${check.unacknowledged.length} stored without acknowledgment${some(check.unacknowledged)}`,
  ].join('\n');
}
