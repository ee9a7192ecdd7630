import type { Locale } from '../../i18n/locales.ts';
import { inquiryReference } from '../../shared/inquiry-basics.ts';
import { singleLine } from '../../shared/inquiry-rules.ts';
import type { Db } from '../db/index.ts';
import type { Trx } from '../audit/actor.ts';
import { serverMessages } from '../i18n.ts';
import { readSettings } from '../settings/queries.ts';
import { floorName } from './messages.ts';
import { spaceName } from '../../shared/units/space-name.ts';

/**
 * THE rule of what a mail to staff may say about a prospect (PIPA Art. 3, the privacy policy's 제13조): the
 * inquiry's reference number, the space (or floors) it is about and the admin link — the name only when the owner
 * turned `notifyIncludesName` on; never the e-mail, phone, company, message or staff notes. A mailbox keeps its copy
 * where the destruction job cannot reach, so what it never holds it cannot keep. Every mail to staff that concerns
 * an inquiry (new-inquiry notice, assignment, reminder, digest, tour mails to hosts, proposals' approvals and
 * answers, expiring leases …) names the prospect through `prospectMention`; tests/api/staff-mail-minimum.test.ts
 * reads every such mail.
 */
export interface StaffMailRule {
  /** The owner's `notifyIncludesName`. */
  includeName: boolean;
}

/** The rule in force (the owner's settings). */
export async function staffMailRule(db: Db | Trx): Promise<StaffMailRule> {
  return { includeName: (await readSettings(db as Db)).notifyIncludesName };
}

/** What a mention is made from: an inquiry as any query reads it. Only `id`, `name` and the space are ever used. */
export interface ProspectSource {
  id: string;
  name: string | null;
  /** The space the inquiry is about (its snapshot), if any. */
  unit?: { floor: string; unitNumber: string } | null;
  desiredFloors?: string[] | null;
}

/** How a staff mail names a prospect. */
export interface ProspectMention {
  /** The inquiry's reference number, "0B6C2F1E" (what the success screen and the receipt showed the visitor). */
  reference: string;
  /** The name, only under `includeName` (made one line); otherwise null. */
  name: string | null;
  /** "3층 301호", "3층, 5층" (floors wished for), or null when the inquiry named none. */
  space: string | null;
  /** "#0B6C2F1E" or "#0B6C2F1E 홍길동": for subjects and list lines. */
  label: string;
}

/**
 * Names a prospect in a staff mail in `locale` under `rule`. `spaces` replaces the inquiry's own space (a tour's
 * spaces). A destroyed inquiry (name null) is named by its reference alone.
 * @example prospectMention({ id, name: '홍길동', unit: { floor: '3F', unitNumber: '301' } }, 'ko', { includeName: false })
 *          // { reference: '0B6C2F1E', name: null, space: '3층 301호', label: '#0B6C2F1E' }
 */
export function prospectMention(source: ProspectSource, locale: Locale, rule: StaffMailRule, spaces?: { floor: string; unitNumber: string }[]): ProspectMention {
  const t = serverMessages(locale);
  const reference = inquiryReference(source.id);
  const name = rule.includeName && source.name ? singleLine(source.name).replace(/ {2,}/g, ' ').trim() || null : null;
  const units = spaces ?? (source.unit ? [source.unit] : []);
  const space = units.length > 0
    ? units.map((unit) => spaceName(t, { floor: unit.floor, unitNumber: singleLine(unit.unitNumber) })).join(', ')
    : (source.desiredFloors ?? []).length > 0 ? source.desiredFloors!.map((floor) => floorName(floor, t)).join(', ') : null;
  const label = name ? t('staffMail.prospect.labelNamed', { reference, name }) : t('staffMail.prospect.label', { reference });
  return { reference, name, space, label };
}

/** The lines a staff mail gives a prospect: which inquiry, and the space it is about. */
export function prospectLines(mention: ProspectMention, locale: Locale): string[] {
  const t = serverMessages(locale);
  return [`${t('staffMail.prospect.inquiry')}: ${mention.label}`, `${t('mail.team.unit')}: ${mention.space ?? t('mail.team.none')}`];
}
