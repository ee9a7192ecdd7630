import { OBJECT_PATH_PATTERN } from '../shared/uploads.ts';
import { PREFERRED_CONTACTS } from '../shared/inquiry-basics.ts';
import { EMPTY_DETAILS, type DetailValues } from './tenant-details-model.ts';

/**
 * What the visitor has typed into the contact form, kept for this tab while they are on the site, so a
 * language switch (a new page) or a reload loses nothing (issue 16). Kept in sessionStorage, never
 * localStorage: it is gone when the tab closes, and the next person at a shared computer does not find it.
 * Sent inquiries clear it. Attachments are kept as the object paths the form would send anyway (no signed
 * upload link, no ticket: decision 014); files picked but not uploaded cannot be kept, only named.
 */
export const INQUIRY_DRAFT_KEY = 'btower:inquiry-form:draft';

export const REQUIRED_FIELDS = ['name', 'phone', 'email', 'message'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];
export type RequiredValues = Record<RequiredField, string>;
export const EMPTY_REQUIRED: RequiredValues = { name: '', phone: '', email: '', message: '' };

/** An uploaded attachment as the form lists it after a reload. */
export interface DraftAttachment {
  path: string;
  name: string;
  size: number | null;
}

export interface InquiryDraft {
  values: RequiredValues;
  details: DetailValues;
  detailsOpen: boolean;
  attachments: DraftAttachment[];
  /** Names of files that were picked but not uploaded: they cannot come back and must be picked again. */
  notKept: string[];
  /** When the visitor began it (Date.now of the first keystroke): the bot trap's clock goes on from there. */
  startedAt: number | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function attachmentOf(value: unknown): DraftAttachment | null {
  if (!isObject(value) || typeof value.path !== 'string' || !OBJECT_PATH_PATTERN.test(value.path)) return null;
  return { path: value.path, name: text(value.name), size: typeof value.size === 'number' ? value.size : null };
}

/** The draft in `raw` (what storage held), keeping only fields of the right shape; null when there is none. */
export function parseDraft(raw: string | null): InquiryDraft | null {
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(stored)) return null;
  const values = isObject(stored.values) ? stored.values : {};
  const details = isObject(stored.details) ? stored.details : {};
  const contact = text(details.preferredContact);
  return {
    values: Object.fromEntries(REQUIRED_FIELDS.map((field) => [field, text(values[field])])) as RequiredValues,
    details: {
      ...EMPTY_DETAILS,
      company: text(details.company),
      businessType: text(details.businessType),
      desiredFloors: texts(details.desiredFloors),
      areaMin: text(details.areaMin),
      areaMax: text(details.areaMax),
      moveInDate: text(details.moveInDate),
      preferredContact: (PREFERRED_CONTACTS as readonly string[]).includes(contact) ? (contact as DetailValues['preferredContact']) : '',
    },
    detailsOpen: stored.detailsOpen === true,
    attachments: (Array.isArray(stored.attachments) ? stored.attachments : []).map(attachmentOf).filter((file): file is DraftAttachment => file !== null),
    notKept: texts(stored.notKept),
    // Never in the future: a draft cannot make a post look slower than it was.
    startedAt: typeof stored.startedAt === 'number' && Number.isFinite(stored.startedAt) && stored.startedAt <= Date.now() ? stored.startedAt : null,
  };
}

/** True when the draft holds nothing worth keeping. */
export function isEmptyDraft(draft: InquiryDraft): boolean {
  const typed = [...Object.values(draft.values), ...Object.values(draft.details).flat()].some((value) => String(value).trim() !== '');
  return !typed && draft.attachments.length === 0 && draft.notKept.length === 0;
}

/** The session's storage, or null where the browser refuses it (then nothing is kept, nothing breaks). */
function storage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(): InquiryDraft | null {
  try {
    return parseDraft(storage()?.getItem(INQUIRY_DRAFT_KEY) ?? null);
  } catch {
    return null;
  }
}

/** Keeps the draft, or forgets it when it is empty. */
export function writeDraft(draft: InquiryDraft): void {
  try {
    if (isEmptyDraft(draft)) storage()?.removeItem(INQUIRY_DRAFT_KEY);
    else storage()?.setItem(INQUIRY_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    /* storage full or blocked: the form works without a draft */
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(INQUIRY_DRAFT_KEY);
  } catch {
    /* blocked: nothing was kept */
  }
}
