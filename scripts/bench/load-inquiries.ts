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
  const byMarker = new Map<string, Inquiry[]>();
  for (const inquiry of await allInquiries(origin, token, run)) {
    if (!inquiry.name?.startsWith(run)) continue;
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

/** Every inquiry whose text contains `run`, page after page (the list is paged by cursor). */
async function allInquiries(origin: string, token: string, run: string): Promise<Inquiry[]> {
  const all: Inquiry[] = [];
  let next: string | undefined = `/api/inquiries?limit=200&search=${encodeURIComponent(run)}`;
  while (next) {
    const response: Response = await fetch(`${origin}${next}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${next} → ${response.status}: ${await response.text()}`);
    all.push(...((await response.json()) as Inquiry[]));
    next = response.headers.get('Link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1];
  }
  return all;
}

/** The admin list gives object paths (older lists gave signed links); compare as paths. */
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
