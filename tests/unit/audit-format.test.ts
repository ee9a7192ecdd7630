import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../src/content/dictionaries.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { describeEvent } from '../../src/shared/audit-format.ts';
import { AUDIT_ENTITIES, type AuditEvent } from '../../src/shared/audit.ts';
import { auditMessages } from '../../src/server/audit/words.ts';

/** The admin page's dictionaries, as the island gets them (the list admin.astro hands the panel). */
const NAMESPACES = JSON.parse(/islandMessages\(locale, (\[[^\]]+\])\)/.exec(readFileSync('src/pages/[...locale]/admin.astro', 'utf8'))![1]!.replaceAll("'", '"')) as string[];
const translator = (lang: Locale) => createTranslator(islandMessages(lang, NAMESPACES));

const INQUIRY = '0b6c2f1e-1111-4222-8333-444455556666';
const AGENT = '29f126a8-aaaa-4bbb-8ccc-dddddddddddd';
const UNIT = '7d0e5a11-aaaa-4bbb-8ccc-eeeeeeeeeeee';
const TOUR = 'c0ffee00-aaaa-4bbb-8ccc-ffffffffffff';

function event(fields: Partial<AuditEvent>): AuditEvent {
  return { id: 'e1', at: '2026-11-27T01:00:00.000000Z', actor: { id: AGENT, name: '김담당' }, action: 'update', entity: 'inquiry', entityId: INQUIRY, changes: {}, address: null, ...fields };
}

/** What the reader sees of an entry: the subject and each change's name and values. */
const visible = (shown: ReturnType<typeof describeEvent>) => [shown.subject?.text ?? '', ...shown.changes.flatMap((change) => [change.label, change.before, change.after])].join('\n');

const assigned = event({
  changes: { assignee_id: [null, AGENT], next_step_on: [null, '2026-12-03'], status: ['new', 'contacted'] },
  refs: { [INQUIRY]: { kind: 'inquiry', name: '이서연', reference: '0b6c2f1e' }, [AGENT]: { kind: 'user', name: '김담당' } },
});

describe('the activity log as a person reads it (issue 28)', () => {
  it('says a destroyed value once, as destroyed, in four languages, beside the facts a destruction keeps', () => {
    const words: Record<Locale, string> = { ko: '파기됨', en: 'destroyed', zh: '已销毁', ja: '破棄済み' };
    for (const lang of LOCALES) {
      const shown = describeEvent(event({ changes: { email: ['destroyed', 'destroyed'], status: ['new', 'contacted'] } }), translator(lang), lang);
      const byField = Object.fromEntries(shown.changes.map((change) => [change.field, change]));
      expect(byField.email).toMatchObject({ destroyed: true, after: words[lang] });
      expect(byField.status).toMatchObject({ destroyed: false });
      expect(byField.status!.before).not.toBe(words[lang]);
    }
  });

  it('names the inquiry by its inquirer and reference, the assignee by name, the status and fields in Korean, the date via Intl', () => {
    const shown = describeEvent(assigned, translator('ko'), 'ko');
    expect(shown.subject).toEqual({ text: '이서연 님 문의 (#0b6c2f1e)', href: `?inquiry=${INQUIRY}` });
    const byField = Object.fromEntries(shown.changes.map((change) => [change.field, change]));
    expect(byField.assignee_id).toMatchObject({ label: '담당자', before: '(비어 있음)', after: '김담당' });
    // Named as the inquiry's own screen names it.
    expect(byField.next_step_on).toMatchObject({ label: '다음 할 일 날짜', after: '2026. 12. 3.' });
    expect(byField.status).toMatchObject({ label: '상태', before: '신규', after: '연락함' });
    for (const raw of ['assignee_id', 'next_step_on', AGENT, '∅', 'contacted']) expect(visible(shown)).not.toContain(raw);
  });

  it('says the same in English, with an English date', () => {
    const shown = describeEvent(assigned, translator('en'), 'en');
    expect(shown.subject?.text).toBe('Inquiry from 이서연 (#0b6c2f1e)');
    expect(shown.changes.map((change) => [change.label, change.before, change.after])).toEqual([
      ['Assignee', '(empty)', '김담당'],
      ['Next step on', '(empty)', 'Dec 3, 2026'],
      ['Status', 'New', 'Contacted'],
    ]);
  });

  it('a space is "8층 802호" in Korean and "Floor 8, Unit 802" in English, linked to its page in the panel’s language', () => {
    const rent = event({ entity: 'unit', entityId: UNIT, changes: { monthly_rent: [3_000_000, 5_000_000], status: ['available', 'negotiating'] }, refs: { [UNIT]: { kind: 'unit', floor: '8F', unitNumber: '802' } } });
    const ko = describeEvent(rent, translator('ko'), 'ko');
    expect(ko.subject).toEqual({ text: '8층 802호', href: '/floors/8f/802/' });
    expect(ko.changes[0]).toMatchObject({ label: '월 임대료 (원)', before: '3,000,000', after: '5,000,000' });
    expect(ko.changes[1]).toMatchObject({ label: '상태', before: '임대 가능', after: '협의 중' });
    const en = describeEvent(rent, translator('en'), 'en');
    expect(en.subject?.href).toBe('/en/floors/8f/802/');
    expect(en.subject?.text).toBe('Floor 8, Unit 802');
  });

  it('a deleted space is named from the values it had; a brand’s texts in several languages are shown per language, not as JSON', () => {
    const removed = event({ action: 'delete', entity: 'unit', entityId: UNIT, changes: { floor: ['8F', null], unit_number: ['802', null] } });
    expect(describeEvent(removed, translator('ko'), 'ko').subject).toEqual({ text: '8층 802호', href: null });
    const brand = event({ entity: 'brand', entityId: 'b1', changes: { description_i18n: [{ en: 'Coffee' }, { en: 'Coffee roasters', ja: 'コーヒー' }], contact_info: [{ phone: '02-555-0200' }, { phone: '02-555-0201', email: 'hi@example.com' }] } });
    const shown = describeEvent(brand, translator('ko'), 'ko');
    expect(shown.changes[0]).toMatchObject({ label: '다른 언어 소개', before: '영어: Coffee', after: '영어: Coffee roasters · 일본어: コーヒー' });
    expect(shown.changes[1]).toMatchObject({ label: '연락처', after: '전화번호: 02-555-0201 · 이메일: hi@example.com' });
    expect(visible(shown)).not.toMatch(/[{}"]/);
  });

  it('a tour is its inquirer and start in Seoul time, its host and spaces by name, its status in the panel’s language', () => {
    const moved = event({
      entity: 'tour', entityId: TOUR, action: 'cancel',
      changes: { status: ['scheduled', 'cancelled'], host_id: [AGENT, AGENT], unit_ids: [[], [UNIT]] },
      refs: { [TOUR]: { kind: 'tour', startsAt: '2026-12-03T05:00:00.000Z', inquiryId: INQUIRY, name: '이서연', reference: '0b6c2f1e' }, [AGENT]: { kind: 'user', name: '김담당' }, [UNIT]: { kind: 'unit', floor: '8F', unitNumber: '802' } },
    });
    const shown = describeEvent(moved, translator('ko'), 'ko');
    expect(shown.subject?.href).toBe(`?inquiry=${INQUIRY}`);
    expect(shown.subject?.text).toMatch(/^이서연 님 투어 · 2026\. 12\. 3\. 오후 2:00$/);
    expect(shown.changes.map((change) => [change.label, change.after])).toEqual([['상태', '취소'], ['담당자', '김담당'], ['보여 줄 공간', '8층 802호']]);
  });

  it('a privacy request’s kind and a setting’s name are words; a person no longer on record is said so, not shown as an id', () => {
    const request = event({ entity: 'privacy_request', entityId: TOUR, action: 'destroy', changes: { kind: [null, 'deletion'], inquiries: [null, 2] } });
    expect(describeEvent(request, translator('en'), 'en').changes.map((change) => [change.label, change.after])).toEqual([['Kind of request', translator('en')('privacyRequests.kinds.deletion')], ['Inquiries concerned', '2']]);
    expect(translator('en')('privacyRequests.kinds.deletion')).not.toContain('privacyRequests');
    const setting = event({ entity: 'setting', entityId: 'tourBufferMinutes', changes: { value: [15, 30] } });
    const ko = describeEvent(setting, translator('ko'), 'ko');
    // The setting's name as the settings form gives it.
    expect(ko.subject?.text).toBe('투어 후 준비 시간(분)');
    expect(ko.changes[0]).toMatchObject({ label: '투어 후 준비 시간(분)', before: '15', after: '30' });
    const gone = describeEvent(event({ changes: { assignee_id: [AGENT, null] } }), translator('ko'), 'ko');
    expect(gone.changes[0]!.before).toBe('지금은 없는 기록');
  });

  it('every kind of entry and every action the log records has a name in all four admin languages', () => {
    const actions = ['create', 'update', 'delete', 'note', 'cancel', 'outcome', 'confirm', 'destroy', 'send_copy', 'suspend', 'correct', 'close', 'sign_in', 'sign_in_failed', 'totp_on', 'totp_off', 'totp_start', 'second_factor_reset', 'invite', 'revoke', 'resend', 'upload', 'export', 'review_done'];
    for (const lang of LOCALES) {
      const t = translator(lang);
      for (const entity of AUDIT_ENTITIES) expect(t(`team.audit.entities.${entity}`), `${lang} ${entity}`).not.toMatch(/^team\./);
      for (const action of actions) expect(t(`team.audit.actions.${action}`), `${lang} ${action}`).not.toMatch(/^team\./);
    }
  });

  it('every field of the tables the log records has a name in all four languages (no column name shown)', () => {
    const columns = {
      inquiry: ['name', 'email', 'phone', 'company', 'message', 'status', 'lost_reason', 'assignee_id', 'next_step_on', 'business_type', 'desired_floors', 'desired_area_m2', 'move_in_date', 'preferred_contact', 'source', 'locale', 'attachments', 'marketing_consent', 'marketing_consent_at', 'privacy_notice_version', 'privacy_notice_at', 'destroyed_at', 'suspended_at', 'unit_id', 'note'],
      unit: ['floor', 'unit_number', 'exclusive_area_m2', 'supply_area_m2', 'uses', 'status', 'available_from', 'monthly_rent', 'deposit', 'maintenance_fee', 'price_public', 'plan', 'note'],
      brand: ['name', 'description', 'category', 'floor', 'unit', 'area', 'is_available', 'thumbnail', 'contact_info', 'images', 'tags', 'name_i18n', 'description_i18n', 'slug'],
      user: ['username', 'password', 'display_name', 'email', 'role', 'active', 'locale'],
      tour: ['inquiry_id', 'host_id', 'status', 'starts_at', 'ends_at', 'busy_until', 'unit_ids', 'meeting_point', 'message_to_prospect', 'internal_notes', 'locale', 'sequence', 'cancel_reason', 'interest', 'feedback', 'next_step', 'next_step_on', 'outcome_at', 'created_by'],
      privacy_request: ['kind', 'inquiries'],
    };
    for (const lang of LOCALES) {
      const t = translator(lang);
      for (const [entity, fields] of Object.entries(columns)) {
        for (const field of fields) {
          const [change] = describeEvent(event({ entity, entityId: null, changes: { [field]: [null, 1] } }), t, lang).changes;
          expect(change!.label, `${lang} ${entity}.${field}`).not.toBe(t('activity.otherField'));
        }
      }
    }
  });

  it('a proposal, its link and its approval round are named by the proposal’s version and inquiry; the link’s last valid day and language are words (issue 38’s follow-up)', () => {
    const [P1, P2, LINK, ROUND] = ['a1111111-aaaa-4bbb-8ccc-000000000001', 'a1111111-aaaa-4bbb-8ccc-000000000002', 'b2222222-aaaa-4bbb-8ccc-000000000003', 'c3333333-aaaa-4bbb-8ccc-000000000004'];
    const proposalRef = (version: number) => ({ kind: 'proposal' as const, version, inquiryId: INQUIRY, name: '이서연', reference: '0b6c2f1e' });
    const refs = { [P1]: proposalRef(1), [P2]: proposalRef(2), [LINK]: proposalRef(2), [ROUND]: proposalRef(2), [AGENT]: { kind: 'user' as const, name: '김담당' }, [UNIT]: { kind: 'unit' as const, floor: '8F', unitNumber: '802' } };
    // As the database writes them: a link made by a send (its digest, address and openings left out), a next version.
    const link = event({ action: 'send', entity: 'proposal_link', entityId: LINK, changes: { id: [null, LINK], proposal_id: [null, P2], locale: [null, 'zh'], created_by: [null, AGENT], expires_at: [null, '2027-01-31T15:00:00+00:00'] }, refs });
    const next = event({ action: 'create', entity: 'proposal', entityId: P2, changes: { id: [null, P2], root_id: [null, P1], parent_id: [null, P1], status: [null, 'draft'], proposed_by: [null, 'landlord'], unit_ids: [null, [UNIT]], valid_until: [null, '2027-01-31'], created_by: [null, AGENT] }, refs });
    const round = event({ action: 'update', entity: 'proposal_approval', entityId: ROUND, changes: { decision: [null, 'approved'], approver_id: [null, AGENT] }, refs });

    const sent = describeEvent(link, translator('ko'), 'ko');
    expect(sent.headline).toBe('보내기 · 제안 링크');
    expect(sent.subject).toEqual({ text: '이서연 님 제안 v2 (#0b6c2f1e)', href: `?inquiry=${INQUIRY}` });
    expect(sent.changes.map((change) => [change.label, change.text])).toEqual([
      ['제안', '이서연 님 제안 v2 (#0b6c2f1e)'],
      ['받는 분 언어', '중국어'],
      ['보낸 사람', '김담당'],
      ['링크 유효 기한', '2027. 1. 31.'],
    ]);
    const made = describeEvent(next, translator('ko'), 'ko');
    expect(made.headline).toBe('생성');
    expect(made.subject?.text).toBe('이서연 님 제안 v2 (#0b6c2f1e)');
    expect(made.changes.map((change) => [change.label, change.text])).toContainEqual(['이전 버전', '이서연 님 제안 v1 (#0b6c2f1e)']);
    expect(made.changes.map((change) => change.text)).toContain('작성 중');
    expect(describeEvent(round, translator('ko'), 'ko').subject?.text).toBe('이서연 님 제안 v2 (#0b6c2f1e)');
    expect(describeEvent(link, translator('en'), 'en').changes.find((change) => change.field === 'expires_at')?.text).toBe('Jan 31, 2027');

    for (const lang of LOCALES) {
      const t = translator(lang);
      for (const shown of [link, next, round].map((one) => describeEvent(one, t, lang))) {
        const text = [shown.headline, visible(shown)].join('\n');
        expect(text, lang).toContain('v2');
        for (const raw of [P1, P2, LINK, 'proposal_link', 'expires_at', 'zh', 'draft', 'landlord', 'approved', '2027-01-31T', 'team.', 'activity.']) expect(text, `${lang}: ${raw}`).not.toContain(raw);
        expect(shown.changes.map((change) => change.label), lang).not.toContain(t('activity.otherField'));
      }
    }
  });

  it('every kind of entry and action the deal writes (proposals, their links and rounds, leases) has a name in all four languages, and every field of a proposal, link and round', () => {
    const entities = ['proposal', 'proposal_link', 'proposal_approval', 'lease', 'lease_amendment'];
    const actions = ['send', 'withdraw', 'submit', 'answer', 'expire', 'hold_lapsed', 'sign', 'amend', 'by-date', 'document.link'];
    const columns = {
      proposal: ['inquiry_id', 'parent_id', 'proposed_by', 'status', 'unit_ids', 'terms', 'valid_until', 'locale', 'created_by', 'submitted_by', 'submitted_at', 'sent_by', 'sent_at', 'answered_at'],
      proposal_link: ['proposal_id', 'locale', 'created_by', 'expires_at', 'revoked_at', 'decided_at'],
      proposal_approval: ['proposal_id', 'requested_by', 'requested_at', 'decision', 'approver_id', 'decided_at', 'comment'],
    };
    for (const lang of LOCALES) {
      const t = translator(lang);
      for (const entity of entities) expect(t(`team.audit.entities.${entity}`), `${lang} ${entity}`).not.toMatch(/^team\./);
      for (const action of actions) expect(t(`team.audit.actions.${action}`), `${lang} ${action}`).not.toMatch(/^team\./);
      for (const [entity, fields] of Object.entries(columns)) {
        for (const field of fields) {
          const [change] = describeEvent(event({ entity, entityId: null, changes: { [field]: [null, 1] } }), t, lang).changes;
          expect(change!.label, `${lang} ${entity}.${field}`).not.toBe(t('activity.otherField'));
        }
      }
    }
  });

  it('the log’s CSV (the server’s dictionaries) words every entry as the panel does, in four languages: kinds, actions, fields, values', () => {
    const [PROPOSAL, LEASE] = ['a1111111-aaaa-4bbb-8ccc-000000000002', 'd4444444-aaaa-4bbb-8ccc-000000000005'];
    const refs = { [PROPOSAL]: { kind: 'proposal' as const, version: 2, inquiryId: INQUIRY, name: '이서연', reference: '0b6c2f1e' }, [AGENT]: { kind: 'user' as const, name: '김담당' }, [UNIT]: { kind: 'unit' as const, floor: '8F', unitNumber: '802' } };
    const entries = [
      assigned,
      event({ changes: { email: ['destroyed', 'destroyed'], lost_reason: [null, 'price'], preferred_contact: ['email', 'phone'], marketing_consent: [true, false] } }),
      event({ entity: 'unit', entityId: UNIT, changes: { monthly_rent: [3_000_000, 5_000_000], status: ['available', 'reserved'], uses: [['office'], ['retail', 'medical']] }, refs }),
      event({ entity: 'brand', entityId: 'b1', changes: { description_i18n: [{ en: 'Coffee' }, { ja: 'コーヒー' }], directory_state: ['hidden', 'coming_soon'], opening_on: [null, '2027-03-01'] } }),
      event({ entity: 'tour', entityId: TOUR, action: 'cancel', changes: { status: ['scheduled', 'cancelled'], host_id: [AGENT, AGENT] }, refs: { ...refs, [TOUR]: { kind: 'tour', startsAt: '2026-12-03T05:00:00.000Z', inquiryId: INQUIRY, name: '이서연', reference: '0b6c2f1e' } } }),
      event({ entity: 'setting', entityId: 'proposalHoldDays', changes: { value: [30, 45] } }),
      event({ entity: 'user', entityId: AGENT, changes: { role: ['agent', 'owner'], locale: ['ko', 'ja'], password: ['changed', 'changed'] }, refs }),
      event({ entity: 'privacy_request', entityId: TOUR, action: 'close', changes: { kind: [null, 'deletion'], status: ['open', 'done'], outcome: [null, 'marketing_withdrawn'] } }),
      event({ entity: 'session', entityId: null, action: 'sign_in', changes: { method: [null, 'password+totp'] } }),
      event({ entity: 'proposal', entityId: PROPOSAL, action: 'send', changes: { status: ['approved', 'sent'], proposed_by: [null, 'landlord'], free_rent_months: [1, 2], valid_until: [null, '2027-01-31'] }, refs }),
      event({ entity: 'proposal_approval', entityId: PROPOSAL, changes: { decision: [null, 'changes_requested'], approver_id: [null, AGENT] }, refs }),
      event({ entity: 'lease', entityId: LEASE, action: 'sign', changes: { status: ['draft', 'signed'], legal_name: [null, '비타워 주식회사'], contract_on: [null, '2027-02-01'] } }),
      event({ entity: 'lease_amendment', entityId: LEASE, action: 'amend', changes: { monthly_rent: [null, 12_000_000] } }),
    ];
    // A version's terms read as the proposal's screen reads them, not as its keys ('perYear', 'rentPerM2Krw').
    const terms = { depositKrw: 180_000_000, rentPerM2Krw: 36_000, freeRent: { basis: 'perYear', months: 1 }, vatExcluded: true, termMonths: 60, startDate: '2027-02-01' };
    const drafted = event({ entity: 'proposal', entityId: PROPOSAL, action: 'create', changes: { terms: [null, terms], status: [null, 'draft'] }, refs });
    entries.push(drafted, event({ entity: 'lease', entityId: LEASE, changes: { terms: [{ ...terms, termMonths: 48 }, terms] } }));
    const [termsKo] = describeEvent(drafted, translator('ko'), 'ko').changes;
    expect(termsKo!.text).toContain('렌트프리: 매 임대연도 1개월');
    expect(termsKo!.text).toContain('보증금: ₩180,000,000');
    expect(termsKo!.text).toContain('임대 기간: 60개월');
    expect(describeEvent(drafted, translator('en'), 'en').changes[0]!.text).not.toMatch(/perYear|Krw|otherField|\{/);
    for (const lang of LOCALES) {
      const panel = translator(lang);
      const csv = auditMessages(lang);
      for (const entry of entries) {
        expect(describeEvent(entry, csv, lang), `${lang} ${entry.entity}.${entry.action}`).toEqual(describeEvent(entry, panel, lang));
        for (const key of [`team.audit.actions.${entry.action}`, `team.audit.entities.${entry.entity}`]) expect(csv(key), `${lang} ${key}`).toBe(panel(key));
      }
      expect(csv('team.audit.system')).toBe(panel('team.audit.system'));
      for (const column of ['at', 'actor', 'action', 'entity', 'subject', 'entityId', 'changes', 'address']) expect(csv(`staffMail.auditCsv.${column}`), `${lang} ${column}`).not.toMatch(/^staffMail\./);
    }
  });
});
