import { BRAND_CATEGORIES, DIRECTORY_FLOORS, type Brand } from '../../src/shared/brand.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import type { CreateUploadResponse } from '../../src/shared/upload-protocol.ts';
import { attachmentBytes, SEARCH_TERMS } from './fixtures.ts';
import { jsonOf, type Send } from './load-http.ts';
import type { Page } from './load-site.ts';
import { currentNoticeVersion } from '../../src/server/privacy/notice.ts';

/** An inquiry the server acknowledged with 2xx: its marker (the sender's name), id and attachments. */
export interface Acknowledged {
  marker: string;
  id: string;
  attachments: string[];
}

/** The table rows of visitors' requests besides the pages, in the order they are printed. */
export const VISITOR_LABELS = {
  asset: 'GET /_astro/* (hashed file)',
  brands: 'GET /api/brands',
  filtered: 'GET /api/brands?category|floor|isAvailable',
  searched: 'GET /api/brands?search',
  thumbnail: 'GET /objects/uploads/:id (thumbnail)',
  createUpload: 'POST /api/objects/upload (attachment)',
  putAttachment: 'PUT /objects/uploads/:id (attachment)',
  inquiry: 'POST /api/inquiries',
} as const;

export function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)] as T;
}

/** One page, then two of the hashed files it loads (a repeat visitor has the rest in the browser cache). */
export async function readPage(send: Send, pages: Page[]): Promise<void> {
  const page = pick(pages);
  await send({ label: page.label, path: page.path, expect: page.status });
  for (let i = 0; i < Math.min(2, page.assets.length); i += 1) {
    await send({ label: VISITOR_LABELS.asset, path: pick(page.assets) });
  }
}

/** The directory's query as the filter bar builds it: nothing, one or three filters, a search, or search plus category. */
function directoryQuery(): { label: string; query: string } {
  const category = `category=${encodeURIComponent(pick(BRAND_CATEGORIES))}`;
  const floor = `floor=${pick(DIRECTORY_FLOORS)}`;
  const available = `isAvailable=${pick(['true', 'false'])}`;
  const search = `search=${encodeURIComponent(pick(SEARCH_TERMS))}`;
  const { brands, filtered, searched } = VISITOR_LABELS;
  return pick([
    { label: brands, query: '' },
    { label: filtered, query: `?${category}` },
    { label: filtered, query: `?${floor}` },
    { label: filtered, query: `?${available}` },
    { label: filtered, query: `?${category}&${floor}&${available}` },
    { label: searched, query: `?${search}` },
    { label: searched, query: `?${search}&${category}` },
  ]);
}

/** The brand directory: a list, then one brand's public thumbnail as the card shows it. */
export async function readBrands(send: Send): Promise<void> {
  const { label, query } = directoryQuery();
  const brands = jsonOf<Brand[]>(await send({ label, path: `/api/brands${query}` }));
  const thumbnails = brands.flatMap((brand) => (brand.thumbnail ? [brand.thumbnail] : []));
  if (thumbnails.length) await send({ label: VISITOR_LABELS.thumbnail, path: pick(thumbnails) });
}

/**
 * A visitor's address for the per-client limits: every inquiry round is another person (a real visitor
 * sends one inquiry, not one a second), so the limits are exercised but never hit.
 */
export function visitorAddress(client: number, round: number): string {
  return `10.${client & 255}.${(round >> 8) & 255}.${round & 255}`;
}

/** The contact form: one or two small attachments uploaded by the upload contract, then the inquiry naming them. */
export async function sendInquiry(send: Send, marker: string, acknowledged: Acknowledged[], client?: string): Promise<void> {
  const attachments: string[] = [];
  for (let n = 1 + Math.floor(Math.random() * 2); n > 0; n -= 1) {
    const bytes = attachmentBytes(marker, Math.random);
    const ticket = { purpose: 'attachment', filename: `floor-plan-${n}.pdf`, size: bytes.byteLength, type: 'application/pdf' };
    const { uploadURL, objectPath } = jsonOf<CreateUploadResponse>(
      await send({ label: VISITOR_LABELS.createUpload, method: 'POST', path: '/api/objects/upload', json: ticket, client }),
    );
    await send({ label: VISITOR_LABELS.putAttachment, method: 'PUT', path: uploadURL, bytes, type: 'application/pdf', client });
    attachments.push(objectPath);
  }
  const inquiry = {
    privacyNoticeVersion: currentNoticeVersion(),
    name: marker,
    email: 'visitor@example.com',
    phone: '010-1234-5678',
    message: `We are looking for about 100평 on 3F for a clinic. (${marker})`,
    attachments,
  };
  const stored = jsonOf<Inquiry>(await send({ label: VISITOR_LABELS.inquiry, method: 'POST', path: '/api/inquiries', json: inquiry, client }));
  acknowledged.push({ marker, id: stored.id, attachments });
}
