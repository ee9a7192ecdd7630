import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { islandMessages } from '../../src/content/dictionaries.ts';
import { LOCALES, type Locale } from '../../src/i18n/locales.ts';
import { particleAfter, withKoreanParticles } from '../../src/i18n/particles.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { describeEvent } from '../../src/shared/audit-format.ts';
import { fieldName, formLabelKey, type ConflictRecord } from '../../src/islands/admin/field-names.ts';
import { RAW_CODES } from '../support/raw-codes.ts';

/** The admin page's own dictionaries (the list admin.astro hands the panel), with the panel's particle choice. */
const ADMIN_NAMESPACES = JSON.parse(
  /islandMessages\(locale, (\[[^\]]+\])\)/.exec(readFileSync('src/pages/[...locale]/admin.astro', 'utf8'))![1]!.replaceAll("'", '"'),
) as string[];
const panel = (lang: Locale) => withKoreanParticles(createTranslator(islandMessages(lang, ADMIN_NAMESPACES)));
const RECORDS: ConflictRecord[] = ['unit', 'brand', 'inquiry', 'user', 'settings', 'tour', 'privacyRequest', 'proposal'];

describe('Korean particles after a word filled in (issue 38, conflict dialog words)', () => {
  it('choose by the last sound: a vowel, rieul, another consonant, a digit; a Latin word keeps both forms', () => {
    expect(['문의', '공간', '설정', '브랜드', '팀원', '개인정보 요청'].map((word) => `${word}${particleAfter(word, '을(를)')}`)).toEqual(['문의를', '공간을', '설정을', '브랜드를', '팀원을', '개인정보 요청을']);
    expect(particleAfter('김민준', '은(는)')).toBe('은');
    expect(particleAfter('이서연', '이(가)')).toBe('이');
    expect(particleAfter('김하나', '이(가)')).toBe('가');
    expect(particleAfter('서울', '(으)로')).toBe('로');
    expect(particleAfter('부산항', '(으)로')).toBe('으로');
    expect(particleAfter('진행 중인 문의 3건', '은(는)')).toBe('은');
    expect(particleAfter('문의 2', '을(를)')).toBe('를');
    expect(particleAfter('Jane', '을(를)')).toBe('을(를)');
  });

  it('never leave a pair like 을(를) after a word the panel knows: the conflict dialog names each record properly', () => {
    const t = panel('ko');
    for (const record of RECORDS) {
      const intro = t('conflict.intro', { record: t(`conflict.records.${record}`) });
      expect(intro, record).not.toMatch(/\((을|를|은|는|이|가|과|와|으)\)/);
    }
    expect(t('conflict.intro', { record: t('conflict.records.inquiry') })).toMatch(/^이 문의를 연 뒤/);
    expect(t('conflict.intro', { record: t('conflict.records.unit') })).toMatch(/^이 공간을 연 뒤/);
    expect(t('teamChanges.ownerTitle', { name: '김민준' })).toContain('김민준을');
    expect(t('teamChanges.ownerTitle', { name: 'Jane' })).toContain('Jane을(를)');
  });
});

describe('one name per field (issue 38): the conflict dialog and the activity log say what the form says', () => {
  it('names every field a form labels by the form’s own word, in four languages', () => {
    for (const lang of LOCALES) {
      const t = panel(lang);
      for (const [record, fields] of Object.entries({
        inquiry: ['lostReason', 'assigneeId', 'nextStepOn'],
        tour: ['startsAt', 'durationMinutes', 'host', 'cancelReason', 'interest', 'nextStep', 'nextStepOn'],
        unit: ['floor', 'unitNumber', 'monthlyRent', 'plan'],
        brand: ['name', 'description', 'floor', 'unit', 'thumbnail'],
        settings: ['tourBufferMinutes', 'requireSecondFactor', 'idleTimeoutMinutes', 'nerDiscountRatePct', 'approvalAnyTi', 'proposalHoldDays'],
        proposal: ['rentPerM2Krw', 'freeRent', 'status', 'validUntil', 'locale'],
      }) as [ConflictRecord, string[]][]) {
        for (const field of fields) {
          const key = formLabelKey(record, field)!;
          expect(fieldName(record, field, t), `${lang} ${record}.${field}`).toBe(t(key));
          expect(t(key), `${lang} ${key}`).not.toBe(key);
        }
      }
      for (const record of RECORDS) expect(t(`conflict.records.${record}`)).not.toMatch(/^conflict\./);
    }
    // The inquiry's next step is '다음 할 일 날짜' on its screen, in the dialog and in the log alike.
    const t = panel('ko');
    expect(fieldName('inquiry', 'nextStepOn', t)).toBe('다음 할 일 날짜');
    expect(fieldName('tour', 'host', t)).toBe(t('tours.panel.host'));
    const logged = describeEvent({ id: 'e', at: '2026-12-01T00:00:00Z', actor: null, action: 'update', entity: 'inquiry', entityId: null, changes: { next_step_on: [null, '2026-12-03'] }, address: null }, t, 'ko');
    expect(logged.changes[0]!.label).toBe('다음 할 일 날짜');
  });
});


describe('the activity log says values in words, each kind once (issue 38: raw values and keys)', () => {
  const t = panel('ko');
  const at = '2026-12-01T00:00:00Z';
  const shown = (event: Partial<Parameters<typeof describeEvent>[0]>) => {
    const described = describeEvent({ id: 'e', at, actor: null, action: 'update', entity: 'inquiry', entityId: null, changes: {}, address: null, ...event }, t, 'ko');
    return [described.headline, described.subject?.text ?? '', ...described.changes.flatMap((change) => [change.label, change.text])].join('\n');
  };

  it('a setting is named by its form, its key is not shown; a sign-in says how, in words', () => {
    const setting = shown({ action: 'create', entity: 'setting', entityId: 'requireSecondFactor', changes: { key: [null, 'requireSecondFactor'], value: [null, false] } });
    expect(setting).toContain('모든 계정에 2단계 인증 요구');
    expect(setting).not.toMatch(RAW_CODES);
    for (const method of ['password', 'password+totp', 'password+recovery', 'passkey']) {
      const signIn = shown({ action: 'sign_in', entity: 'session', entityId: 'a0000000-0000-4000-8000-000000000000', changes: { method: [null, method] } });
      expect(signIn, method).not.toMatch(RAW_CODES);
      expect(signIn).not.toContain('+totp');
    }
    expect(shown({ action: 'sign_in', entity: 'session', changes: { method: [null, 'password+totp'] } })).toContain('비밀번호 + 인증 앱 코드');
  });

  it('says the kind once: "수정 · 이서연 님 문의 (#…)", "로그인", never "문의 … 문의" or "로그인 · 로그인"', () => {
    const inquiry = describeEvent({ id: 'e', at, actor: null, action: 'update', entity: 'inquiry', entityId: '0b6c2f1e-1111-4222-8333-444455556666', changes: {}, address: null, refs: { '0b6c2f1e-1111-4222-8333-444455556666': { kind: 'inquiry', name: null, reference: '0B6C2F1E' } } }, t, 'ko');
    expect(`${inquiry.headline} ${inquiry.subject!.text}`).toBe('수정 문의 #0B6C2F1E');
    expect(shown({ action: 'sign_in', entity: 'session', changes: {} }).split('\n')[0]).toBe('로그인');
    expect(shown({ action: 'update', entity: 'brand', changes: {} }).split('\n')[0]).toBe('수정 · 브랜드');
    // A space is a space, whatever its status: never "공실".
    expect(shown({ action: 'update', entity: 'unit', changes: {} }).split('\n')[0]).toBe('수정 · 공간');
  });

  it('an inquiry’s use, language and a creation’s new password read as words', () => {
    const made = shown({ action: 'create', entity: 'inquiry', changes: { business_type: [null, 'Medical'], locale: [null, 'en'], desired_floors: [null, ['3F', 'B1']] } });
    expect(made).toContain('의료');
    expect(made).toContain('영어');
    expect(made).toContain('지하 1층');
    expect(made).not.toMatch(RAW_CODES);
    expect(shown({ action: 'create', entity: 'user', changes: { password: ['changed', 'changed'] } })).not.toContain('→');
  });
});
