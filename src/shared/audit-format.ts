import { LOCALE_TAGS, localizePath, type Locale } from '../i18n/locales.ts';
import type { Translate } from '../i18n/translate.ts';
import type { AuditEvent, AuditRef } from './audit.ts';
import { brandPath, spacePath } from './share-paths.ts';
import { dayText, lastSeoulDay } from './day-text.ts';
import { formLabelKey, type ConflictRecord } from './field-labels.ts';
import { termText } from './deals/display.ts';
import { DEAL_TERM_FIELDS, type DealTermField } from './deals/term-fields.ts';
import type { DealTerms } from './deals/terms.ts';
import { spaceName } from './units/space-name.ts';

/**
 * The activity log as a person reads it (issue 28): the record an entry is about by its name ("이서연 님 문의
 * (#0b6c2f1e)", "8층 802호", a brand's or a person's name) with a link to it, and each change with the field's
 * name and both values in the panel's language — never a column name, an id or raw JSON.
 */
export interface ShownEvent {
  /** What happened and to what kind of record ("수정 · 브랜드"): the kind left out where the action or subject already says it. */
  headline: string;
  /** The record the entry is about, or null when the kind alone says it (a sign-in, an export). */
  subject: { text: string; href: string | null } | null;
  changes: ShownChange[];
}
export interface ShownChange {
  field: string;
  label: string;
  before: string;
  after: string;
  /** The field had no value before (a creation, a note, an event's facts): only the new value says anything. */
  fromNothing: boolean;
  /** Its value was destroyed with a person's data: it reads "destroyed" once, not "destroyed → destroyed". */
  destroyed: boolean;
  /** The change as shown: the value removed (a deletion), set (a creation, an event's facts) or both sides of a change. */
  text: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LOCALIZED_KEYS = new Set(['ko', 'en', 'zh', 'ja']);
/** Columns that say nothing to a reader (the record's own id) or are shown as the subject (a setting's key). */
const HIDDEN_FIELDS = new Set(['id']);
const HIDDEN_BY_ENTITY: Record<string, Set<string>> = {
  setting: new Set(['key']),
  // A proposal's first version (the negotiation's id) and last editor are bookkeeping; an approval round's rules are
  // shown on the proposal, the revision it read is the lost-update counter.
  proposal: new Set(['root_id', 'updated_by']),
  proposal_approval: new Set(['rules', 'proposal_revision']),
};
/** How someone signed in (or failed to), as the log records it. */
const SIGN_IN_METHODS = new Set(['password', 'password+totp', 'password+recovery', 'passkey', 'invitation', 'second_factor']);
const SIGN_IN_REASONS = new Set(['deactivated', 'passkey_required']);
/** Kinds whose subject names the kind itself ("이서연 님 문의 (#…)", "이서연 님 투어 · …"). */
const SUBJECTS_NAMING_KIND = new Set(['inquiry', 'tour', 'proposal']);
const LONGEST = 160;
const TERM_FIELDS = new Set<string>(DEAL_TERM_FIELDS);

/** fieldName / field_name → field_name: the log holds database columns and event facts in either spelling. */
const snake = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (field: string) => field.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());
/** The log's kinds of record that a panel form edits. */
const RECORD_OF: Record<string, ConflictRecord> = { unit: 'unit', brand: 'brand', inquiry: 'inquiry', tour: 'tour', user: 'user', proposal: 'proposal', lease: 'lease' };

/** A translation, or null when the dictionary has none (the translator answers the key itself then). */
function maybe(t: Translate, key: string, params?: Record<string, string | number>): string | null {
  const text = t(key, params);
  return text === key ? null : text;
}

/** The field's name in the panel's language: the entry kind's own word, else the shared one. */
export function fieldLabel(entity: string, entityId: string | null, field: string, t: Translate): string {
  const name = snake(field);
  if (entity === 'setting' && name === 'value' && entityId) {
    const setting = maybe(t, formLabelKey('settings', entityId) ?? `conflict.fields.settings.${entityId}`);
    if (setting) return setting;
  }
  // The word the record's own form gives the field, so the log and the screen that edits it agree.
  const record = RECORD_OF[entity];
  const form = record ? formLabelKey(record, camel(name)) : null;
  return (form && maybe(t, form)) ?? maybe(t, `activity.fields.${entity}.${name}`) ?? maybe(t, `activity.fields.${name}`) ?? t('activity.otherField');
}


function instantText(at: string, lang: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(new Date(at));
}

/** A record named in a value or as the subject. */
function refText(ref: AuditRef, t: Translate, lang: Locale): string {
  switch (ref.kind) {
    case 'user':
      return ref.name;
    case 'unit':
      return spaceName(t, ref);
    case 'brand':
      return ref.name;
    case 'inquiry':
      return ref.name ? t('activity.subject.inquiry', { name: ref.name, reference: ref.reference }) : t('activity.subject.inquiryNoName', { reference: ref.reference });
    case 'tour': {
      const when = instantText(ref.startsAt, lang);
      return ref.name ? t('activity.subject.tour', { name: ref.name, reference: ref.reference, when }) : t('activity.subject.tourNoName', { reference: ref.reference, when });
    }
    case 'proposal':
      return ref.name
        ? t('activity.subject.proposal', { name: ref.name, reference: ref.reference, version: ref.version })
        : t('activity.subject.proposalNoName', { reference: ref.reference, version: ref.version });
  }
}

/** A value whose words come from a list the panel translates (statuses, roles, languages, floors…). */
function enumText(entity: string, field: string, value: string, t: Translate): string | null {
  switch (field) {
    case 'status':
      if (entity === 'inquiry') return maybe(t, `inbox.status.${value}`);
      if (entity === 'unit') return maybe(t, `units.status.${value}`);
      if (entity === 'tour') return maybe(t, `tours.status.${value}`);
      if (entity === 'privacy_request') return maybe(t, `activity.values.requestStatus.${value}`);
      if (entity === 'lease') return maybe(t, `leases.status.${value}`);
      if (entity === 'proposal') return maybe(t, `proposals.status.${value}`);
      return null;
    case 'proposed_by':
      return maybe(t, `proposals.proposedBy.${value}`);
    case 'decision':
      return entity === 'proposal_approval' ? maybe(t, `proposalPanel.decisions.${value}`) : null;
    case 'directory_state':
      return maybe(t, `leases.directory.${value}`);
    case 'role':
      return maybe(t, `team.roles.${value}`);
    case 'locale':
    case 'lang':
      // A language as a value is named in the reader's language ("영어"), as the inbox names it.
      return maybe(t, `inbox.locales.${value}`);
    case 'business_type':
    case 'category':
    case 'uses':
      return maybe(t, `brands.category.${value}`);
    case 'method':
      return SIGN_IN_METHODS.has(value) ? maybe(t, `activity.values.method.${value.replace('+', '_')}`) : null;
    case 'reason':
      return SIGN_IN_REASONS.has(value) ? maybe(t, `activity.values.signInReason.${value}`) : null;
    case 'floor':
    case 'desired_floors':
      return maybe(t, `units.floor.${value}`);
    case 'kind':
      return entity === 'privacy_request' ? maybe(t, `privacyRequests.kinds.${value}`) : null;
    case 'outcome':
      return entity === 'privacy_request' ? (value === 'marketing_withdrawn' ? maybe(t, 'privacyRequests.kinds.marketing_withdrawal') : maybe(t, `privacyRequests.admin.actions.${value}`)) : null;
    case 'preferred_contact':
      return maybe(t, `inbox.contact.${value}`);
    case 'lost_reason':
      return maybe(t, `lostReasons.reasons.${value}`);
    default:
      return null;
  }
}

/** One value of a change, as a person reads it; `none` for an empty one. */
export function valueText(entity: string, field: string, value: unknown, refs: Record<string, AuditRef>, t: Translate, lang: Locale): string {
  const name = snake(field);
  const none = t('conflict.empty');
  if (value === null || value === undefined || value === '') return none;
  if (typeof value === 'boolean') return t(value ? 'conflict.yes' : 'conflict.no');
  if (typeof value === 'number') return new Intl.NumberFormat(LOCALE_TAGS[lang]).format(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return none;
    if (name === 'attachments' || name === 'images') return t('activity.values.files', { n: value.length });
    return value.map((item) => valueText(entity, field, item, refs, t, lang)).join(', ');
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => inner !== null && inner !== undefined && inner !== '');
    if (entries.length === 0) return none;
    // A text in several languages: each under its language's name.
    if (entries.every(([key]) => LOCALIZED_KEYS.has(key))) return entries.map(([key, inner]) => `${t(`inbox.locales.${key}`)}: ${valueText(entity, key, inner, refs, t, lang)}`).join(' · ');
    // A deal's terms as the proposal's screen says each ("렌트프리: 매 임대연도 1개월", "₩180,000,000"), not its keys.
    if (name === 'terms') {
      const terms = value as DealTerms;
      return entries
        .map(([key]) => (TERM_FIELDS.has(key) ? `${t(`deals.terms.${key}`)}: ${termText(key as DealTermField, terms, LOCALE_TAGS[lang], t)}` : `${fieldLabel(entity, null, key, t)}: ${valueText(entity, key, terms[key as keyof DealTerms], refs, t, lang)}`))
        .join(' · ');
    }
    // An uploaded file (an image, a plan): a file, not its storage keys.
    if (entries.some(([key]) => key === 'key' || key === 'url' || key === 'path')) return t('activity.values.file');
    return entries.map(([key, inner]) => `${fieldLabel(entity, null, key, t)}: ${valueText(entity, key, inner, refs, t, lang)}`).join(' · ');
  }
  const text = String(value);
  if (text === 'destroyed') return t('activity.values.destroyed');
  if (text === 'changed' && (name === 'password' || name === 'public_key')) return t('activity.values.changed');
  if (UUID.test(text)) {
    const ref = refs[text.toLowerCase()];
    return ref ? refText(ref, t, lang) : t('activity.values.deleted');
  }
  // A link lasts to the end of its proposal's last valid day (the next midnight in Seoul): said as that day.
  if (entity === 'proposal_link' && name === 'expires_at' && !Number.isNaN(Date.parse(text))) return dayText(lastSeoulDay(text), LOCALE_TAGS[lang]);
  const word = enumText(entity, name, text, t);
  if (word) return word;
  if (DAY.test(text)) return dayText(text, LOCALE_TAGS[lang]);
  if (INSTANT.test(text) && !Number.isNaN(Date.parse(text))) return instantText(text, lang);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}

/** The value a deleted record had for `field` (a deletion's changes hold the row as it was). */
function before(event: AuditEvent, field: string): string | null {
  const pair = event.changes[field] ?? event.changes[field.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase())];
  const value = pair?.[0] ?? pair?.[1];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The record an entry is about: its name and, while it exists, a link to it. */
export function subjectOf(event: AuditEvent, t: Translate, lang: Locale): ShownEvent['subject'] {
  const id = event.entityId;
  if (!id) return null;
  const ref = event.refs?.[id.toLowerCase()];
  switch (event.entity) {
    case 'inquiry':
      return { text: ref ? refText(ref, t, lang) : t('activity.subject.inquiryNoName', { reference: id.slice(0, 8) }), href: `?inquiry=${id}` };
    case 'tour':
      return ref?.kind === 'tour' ? { text: refText(ref, t, lang), href: `?inquiry=${ref.inquiryId}` } : { text: t('activity.subject.deleted'), href: null };
    case 'unit': {
      if (ref?.kind === 'unit') return { text: spaceName(t, ref), href: localizePath(lang, spacePath(ref)) };
      const floor = before(event, 'floor');
      const unitNumber = before(event, 'unit_number');
      return { text: floor && unitNumber ? spaceName(t, { floor, unitNumber }) : t('activity.subject.deleted'), href: null };
    }
    case 'brand':
      if (ref?.kind === 'brand') return { text: ref.name, href: ref.slug ? localizePath(lang, brandPath(ref.slug)) : null };
      return { text: before(event, 'name') ?? t('activity.subject.deleted'), href: null };
    case 'user':
      if (ref?.kind === 'user') return { text: ref.name, href: null };
      return { text: before(event, 'display_name') ?? before(event, 'username') ?? before(event, 'name') ?? t('activity.subject.deleted'), href: null };
    case 'proposal':
    case 'proposal_link':
    case 'proposal_approval':
      return ref?.kind === 'proposal' ? { text: refText(ref, t, lang), href: `?inquiry=${ref.inquiryId}` } : { text: t('activity.subject.deleted'), href: null };
    case 'setting':
      return { text: maybe(t, formLabelKey('settings', id) ?? `conflict.fields.settings.${id}`) ?? t('activity.otherField'), href: null };
    default:
      // A session, passkey, invitation, file or request: the kind says what it is; an id says nothing more.
      return UUID.test(id) ? null : { text: id, href: null };
  }
}

/** The entry as the panel shows it. */
export function describeEvent(event: AuditEvent, t: Translate, lang: Locale): ShownEvent {
  const refs = event.refs ?? {};
  const changes = Object.entries(event.changes)
    .filter(([field]) => !HIDDEN_FIELDS.has(snake(field)) && !HIDDEN_BY_ENTITY[event.entity]?.has(snake(field)))
    .map(([field, [from, to]]) => {
      const before = valueText(event.entity, field, from, refs, t, lang);
      const after = valueText(event.entity, field, to, refs, t, lang);
      const fromNothing = from === null || from === undefined || from === '';
      const destroyed = from === 'destroyed' && to === 'destroyed';
      // A creation shows what it set, whatever the row said before (a new password is "changed" on both sides).
      const text = destroyed ? after : event.action === 'delete' ? before : event.action === 'create' || (fromNothing && event.action !== 'update') ? after : `${before} → ${after}`;
      return { field, label: fieldLabel(event.entity, event.entityId, field, t), before, after, fromNothing, destroyed, text };
    });
  const subject = subjectOf(event, t, lang);
  const action = t(`team.audit.actions.${event.action}`);
  const kind = t(`team.audit.entities.${event.entity}`);
  // "문의 이서연 님 문의", "로그인 · 로그인": the kind is said once, by the subject or the action when they say it.
  const kindSaid = (subject !== null && SUBJECTS_NAMING_KIND.has(event.entity)) || action.includes(kind);
  return { headline: kindSaid ? action : `${action} · ${kind}`, subject, changes };
}
