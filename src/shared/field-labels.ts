import type { Translate } from '../i18n/translate.ts';
import { DEAL_TERM_FIELDS } from './deals/term-fields.ts';

/** The records the panel edits, as the conflict dialog names them (conflict.records.*). */
export type ConflictRecord = 'unit' | 'brand' | 'inquiry' | 'user' | 'settings' | 'tour' | 'privacyRequest' | 'proposal' | 'lease';

const unitField = (name: string) => `units.admin.fields.${name}`;
const brandField = (name: string) => `admin.brandForm.fields.${name}`;

/**
 * Each record's fields by the words its own form labels them with, so the conflict dialog and the activity log call a
 * field what the screen that edits it does ("다음 할 일 날짜" on the inquiry, everywhere). A field no form labels
 * alone (a brand's texts in other languages, a request's outcome) keeps its word in conflict.fields.<record>.
 */
const FORM_LABELS: Partial<Record<ConflictRecord, Record<string, string>>> = {
  unit: Object.fromEntries(
    ['floor', 'unitNumber', 'exclusiveAreaM2', 'supplyAreaM2', 'uses', 'status', 'availableFrom', 'monthlyRent', 'deposit', 'maintenanceFee', 'pricePublic', 'plan'].map((name) => [name, unitField(name)]),
  ),
  brand: {
    ...Object.fromEntries(['name', 'description', 'category', 'floor', 'unit', 'area', 'thumbnail', 'tags'].map((name) => [name, brandField(name)])),
    isAvailable: 'status.open',
    directoryState: 'leasePanel.directory.state',
    openingOn: 'leasePanel.fields.openingOn',
  },
  inquiry: { lostReason: 'inbox.lostReason', assigneeId: 'team.inbox.assignTo', nextStepOn: 'team.inbox.nextStep' },
  settings: {
    reminderBusinessHours: 'team.settings.reminderHours',
    notifyIncludesName: 'access.settings.notifyIncludesName',
    tourBufferMinutes: 'tours.settings.buffer',
    retentionAfterCloseDays: 'privacyRequests.admin.retentionAfterCloseDays',
    retentionOpenDays: 'privacyRequests.admin.retentionOpenDays',
    requireSecondFactor: 'secondFactor.settings.require',
    idleTimeoutMinutes: 'secondFactor.settings.idle',
    ...Object.fromEntries(
      ['nerDiscountRatePct', 'depositYieldPct', 'askingEscalationPct', 'approvalDiscountPct', 'approvalFreeMonthsPerYear', 'approvalAnyTi', 'approvalAnySpecialTerms', 'proposalHoldDays']
        .map((name) => [name, `proposalPanel.settings.${name}`]),
    ),
  },
  // The proposal form's own labels: the terms' words (deals.terms.*) and the form's fields.
  proposal: {
    ...Object.fromEntries(DEAL_TERM_FIELDS.map((name) => [name, `deals.terms.${name}`])),
    ...Object.fromEntries(['status', 'unitIds', 'validUntil', 'locale'].map((name) => [name, `proposalPanel.fields.${name}`])),
  },
  // The lease form's labels: the terms' words and the form's own fields.
  lease: {
    ...Object.fromEntries(DEAL_TERM_FIELDS.map((name) => [name, `deals.terms.${name}`])),
    ...Object.fromEntries(['status', 'legalName', 'businessNumber', 'representative', 'contractOn', 'handoverOn', 'openingOn'].map((name) => [name, `leasePanel.fields.${name}`])),
    contacts: 'leasePanel.contacts.title',
    brandId: 'leasePanel.form.brand',
    newBrand: 'leasePanel.form.brand',
    unitIds: 'leasePanel.form.spaces',
    depositSchedule: 'leasePanel.deposit.title',
  },
  tour: {
    startsAt: 'tours.panel.start',
    durationMinutes: 'tours.panel.duration',
    host: 'tours.panel.host',
    hostId: 'tours.panel.host',
    status: 'tours.panel.status',
    cancelReason: 'tours.panel.cancelReason',
    interest: 'tours.panel.interestShown',
    feedback: 'tours.panel.feedback',
    nextStep: 'tours.panel.nextStep',
    nextStepOn: 'tours.panel.nextStepOn',
  },
};

/** The dictionary key of a record's field as its form names it, or null when no form labels it alone. */
export function formLabelKey(record: ConflictRecord, field: string): string | null {
  return FORM_LABELS[record]?.[field] ?? null;
}

/** A record's field in the panel's language: its form's word, else the conflict dialog's own. */
export function fieldName(record: ConflictRecord, field: string, t: Translate): string {
  return t(formLabelKey(record, field) ?? `conflict.fields.${record}.${field}`);
}
