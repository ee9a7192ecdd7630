import type { InquiryCounts, InquiryDetail, Inquiry, InquiryPatch, InquiryStatus } from '../../shared/inquiry.ts';
import { INQUIRY_FILTER_KEYS } from '../../shared/inquiry.ts';
import { ApiError, apiRead, apiReadInBackground, readUrl } from '../api.ts';
import { $adminToken } from '../stores.ts';
import { noteSessionUse } from '../session-use.ts';
import { opensInline } from '../../shared/uploads.ts';
import { etagOf, IF_MATCH_HEADER } from '../../shared/versions.ts';

/** The inbox's filters as they stand in the page URL (and the API's query). */
export type InboxFilters = Partial<Record<(typeof INQUIRY_FILTER_KEYS)[number], string>>;

export interface AttachmentFile {
  name: string | null;
  size: number | null;
  contentType: string | null;
}

export type InquiryDetailWithFiles = InquiryDetail & { attachmentFiles: AttachmentFile[] };

export interface InboxStats {
  medianFirstResponseSeconds: number | null;
  notifications: { teamMail: boolean; webhook: boolean; confirmation: boolean };
}

function authHeaders(extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  const token = $adminToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function request(method: string, url: string, body?: unknown, accept = 'application/json', extra: Record<string, string> = {}): Promise<Response> {
  const sentAt = Date.now();
  const response = await fetch(url, {
    method,
    headers: authHeaders({ ...extra, Accept: accept, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 401 && $adminToken.get()) noteSessionUse(sentAt);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
}

/** A page of the inbox's list: its inquiries, how many match in all, and the next page's link. */
export interface InboxPage {
  items: Inquiry[];
  total: number;
  next: string | null;
}

/** One page of the list; `next` is the Link header's cursor URL, `total` the X-Total-Count. */
export async function readInboxPage(filters: InboxFilters, next?: string): Promise<InboxPage> {
  const response = await request('GET', next ?? readUrl(['/api/inquiries', { ...filters }]));
  const link = response.headers.get('Link')?.match(/<([^>]+)>;\s*rel="next"/);
  return { items: (await response.json()) as Inquiry[], total: Number(response.headers.get('X-Total-Count') ?? 0), next: link?.[1] ?? null };
}

export function readCounts(filters: InboxFilters, options: { background?: boolean } = {}): Promise<InquiryCounts> {
  const { status: _status, ...rest } = filters;
  return (options.background ? apiReadInBackground<InquiryCounts> : apiRead<InquiryCounts>)(['/api/inquiries/counts', rest]);
}

export const readStats = () => apiRead<InboxStats>(['/api/inquiries/stats']);
export const readDetail = (id: string) => apiRead<InquiryDetailWithFiles>([`/api/inquiries/${id}`]);

/** With `version` (the one the detail was read at), a change made meanwhile answers 409 `conflict` (decision 033). */
export async function patchInquiry(id: string, patch: InquiryPatch, version?: number): Promise<InquiryDetail> {
  const ifMatch: Record<string, string> = version === undefined ? {} : { [IF_MATCH_HEADER]: etagOf(version) };
  return (await request('PATCH', `/api/inquiries/${id}`, patch, 'application/json', ifMatch)).json() as Promise<InquiryDetail>;
}

/**
 * Signs one attachment now (links in an open tab never go stale) and opens it: a PDF or an image in a
 * new tab (the server serves those inline, sandboxed), anything else as a download, with no tab left
 * blank behind it.
 */
export async function openAttachment(id: string, index: number, lang: string, contentType: string | null): Promise<void> {
  const sign = async () => ((await (await request('POST', `/api/inquiries/${id}/attachments/${index}/link?lang=${lang}`)).json()) as { url: string }).url;
  if (!opensInline(contentType)) {
    // A same-origin link with `download` saves the file without leaving or replacing the inbox.
    const link = Object.assign(document.createElement('a'), { href: await sign(), download: '' });
    document.body.append(link);
    link.click();
    link.remove();
    return;
  }
  // Opened before the await, so the popup counts as the click's own (no popup blocker).
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = await sign();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * Downloads the CSV of the filtered list. A plain link cannot carry the bearer token, so it is fetched
 * and saved through a Blob URL with the server's file name.
 */
export async function downloadCsv(filters: InboxFilters, lang: string, why: { reason: string; reasonText?: string }): Promise<void> {
  const response = await request('GET', readUrl(['/api/inquiries/export', { ...filters, lang, reason: why.reason, ...(why.reasonText ? { reasonText: why.reasonText } : {}) }]), undefined, 'text/csv');
  await saveAsFile(response, 'inquiries.csv');
}

/** Saves a downloaded answer under the name its Content-Disposition gives (else `fallbackName`). */
export async function saveAsFile(response: Response, fallbackName: string): Promise<void> {
  const filename = response.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type { InquiryStatus };
