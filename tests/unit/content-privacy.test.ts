import { describe, expect, it } from 'vitest';
import { parseContent } from '~/content/validate';
import { currentNotice, loadPrivacyNotice, policyAddresses, policyBodyHtml, policyVersions, withPeriods } from '~/content/privacy';
import { MANDATORY_POLICY_SECTIONS, PrivacyNoticeTextSchema, PrivacyPolicyTextSchema } from '~/content/schemas/privacy';
import { messagesFor } from '~/content/dictionaries';
import { LOCALES, LOCALE_TAGS, type Locale } from '~/i18n/locales';
import type { Inquiry } from '~/shared/inquiry';
import { inquiryReference } from '~/shared/inquiry-basics';
import { webhookBody } from '../../src/server/notify/messages.ts';
import { RETENTION_DEFAULTS } from '~/shared/privacy/retention';
import { retentionPeriodText } from '~/shared/privacy/notice';
import koPolicy from '../../content/privacy-policy/ko.json';
import koNotice from '../../content/privacy-notice/ko.json';

/** The build's message for a changed copy of the Korean policy, or '' when it passes. */
function policyProblem(change: (policy: typeof koPolicy) => void): string {
  const policy = structuredClone(koPolicy);
  change(policy);
  try {
    parseContent('content/privacy-policy/ko.json', PrivacyPolicyTextSchema, policy);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('privacy policy content', () => {
  it('has every mandatory section, once, in every language and every version', () => {
    for (const locale of LOCALES) {
      for (const version of policyVersions(locale)) {
        const ids = version.sections.map((section) => section.id);
        for (const id of Object.keys(MANDATORY_POLICY_SECTIONS)) expect(ids.filter((found) => found === id), `${locale} ${version.version} ${id}`).toHaveLength(1);
        expect(version.summary.length, `${locale} labelling`).toBeGreaterThan(0);
        expect(version.officer.phone).toMatch(/\d/);
        expect(version.officer.email).toContain('@');
      }
    }
  });

  it('fails the build naming the file and the section a version lacks', () => {
    const message = policyProblem((policy) => {
      policy.versions[0]!.sections = policy.versions[0]!.sections.filter((section) => section.id !== 'overseas');
    });
    expect(message).toContain('content/privacy-policy/ko.json');
    expect(message).toContain('versions.0.sections');
    expect(message).toContain('missing the mandatory section "overseas"');
  });

  it('refuses retention periods typed as numbers instead of the placeholders the settings fill', () => {
    const message = policyProblem((policy) => {
      const retention = policy.versions[0]!.sections.find((section) => section.id === 'retention')!;
      retention.body = retention.body.replace('{afterClose}', '1년');
    });
    expect(message).toContain('the section "retention" must show the periods with {afterClose}');
    const notice = structuredClone(koNotice);
    notice.versions[0]!.retention = notice.versions[0]!.retention.replace('{open}', '3년');
    expect(() => parseContent('content/privacy-notice/ko.json', PrivacyNoticeTextSchema, notice)).toThrow(/versions\.0\.retention: must show the retention periods with \{open\}/);
  });

  it('refuses a version listed twice and a link that is not a web or e-mail address', () => {
    expect(policyProblem((policy) => policy.versions.push(structuredClone(policy.versions[0]!)))).toContain('a version is listed twice');
    expect(policyProblem((policy) => {
      policy.versions[0]!.sections[0]!.body += '\n\n[click](javascript:alert(1))';
    })).toContain('a link that is not a web or e-mail address');
  });

  it('shows the retention periods from RETENTION_DEFAULTS, marked for the periods in force', () => {
    for (const locale of LOCALES) {
      const retention = policyVersions(locale)[0]!.sections.find((section) => section.id === 'retention')!;
      const html = policyBodyHtml(retention.body, locale);
      for (const [setting, days] of Object.entries(RETENTION_DEFAULTS)) {
        expect(html, `${locale} ${setting}`).toContain(`<span data-retention="${setting}">${retentionPeriodText(days, LOCALE_TAGS[locale])}</span>`);
      }
      expect(html).not.toMatch(/\{afterClose\}|\{open\}/);
      const notice = withPeriods(currentNotice(locale).retention, locale);
      for (const [setting, days] of Object.entries(RETENTION_DEFAULTS)) expect(notice).toContain(`<span data-retention="${setting}">${retentionPeriodText(days, LOCALE_TAGS[locale])}</span>`);
    }
    expect(retentionPeriodText(365, 'ko')).toBe('1년');
    expect(retentionPeriodText(1095, 'en')).toBe('3 years');
    expect(retentionPeriodText(400, 'en')).toBe('400 days');
  });

  it('keeps every version reachable: the one in force at /privacy and each version at its own address', () => {
    expect(policyAddresses(['2026-11-27', '2027-03-01'])).toEqual([
      { version: undefined, shows: '2027-03-01' },
      { version: '2027-03-01', shows: '2027-03-01' },
      { version: '2026-11-27', shows: '2026-11-27' },
    ]);
    for (const locale of LOCALES) {
      const versions = policyVersions(locale).map((version) => version.version);
      expect(policyAddresses(versions).map((address) => address.version).filter(Boolean).sort()).toEqual([...versions].sort());
    }
  });

  it('lists the same notice versions in every language, so any stored version reads back in each', () => {
    const versions = loadPrivacyNotice('ko').versions.map((version) => version.version);
    for (const locale of LOCALES) expect(loadPrivacyNotice(locale).versions.map((version) => version.version)).toEqual(versions);
  });

  it('titles the policy exactly 개인정보 처리방침 in Korean', () => {
    expect(messagesFor('ko')['privacy.title']).toBe('개인정보 처리방침');
    for (const locale of LOCALES) expect(messagesFor(locale)['privacy.title']?.trim()).toBeTruthy();
  });

  it('names the deal\'s purposes in the policy in force, a version the earlier one is not: 임대차 계약 체결 협의 with the answer\'s evidence, and a signed lease kept five years after it ends (issues 39, 40)', () => {
    const section = (locale: Locale, id: string, version = 0) => policyVersions(locale)[version]!.sections.find((one) => one.id === id)!.body;
    expect(section('ko', 'purposes')).toContain('**임대차 계약 체결 협의(임대 제안서)**');
    for (const evidence of ['응답 시각', '접속 IP 주소', '브라우저 정보', '제안서 PDF의 해시', '성명·직함·회사명']) expect(section('ko', 'purposes')).toContain(evidence);
    expect(section('ko', 'items')).toMatch(/임대 제안에 응답할 때.*서명자 성명·직함·회사명/);
    expect(section('ko', 'items')).toMatch(/임대차 계약을 체결할 때.*대표자 성명.*담당자/);
    expect(section('ko', 'retention')).toMatch(/체결된 임대차 계약\*\*: 계약이 끝난 날부터 5년/);
    expect(section('en', 'retention')).toMatch(/A signed lease\*\*: five years from the day it ends/);
    for (const locale of LOCALES) {
      // Two purposes more than the version before (the proposal's answer, the signed lease), said in every language.
      const purposes = (version: number) => section(locale, 'purposes', version).split('\n').filter((line) => /^\d+\. /.test(line)).length;
      expect([locale, purposes(0)]).toEqual([locale, purposes(1) + 2]);
      expect(section(locale, 'retention'), locale).not.toBe(section(locale, 'retention', 1));
    }
  });

  it('says in 제6조 of the policy in force exactly what the Slack webhook receives today, in every language', () => {
    const inquiry = {
      id: '0b6c2f1e-9d3a-4c1b-8e2f-1234567890ab', name: '김민준', email: 'minjun@example.com', phone: '010-1234-5678', message: '8층 공간 임대 조건', attachments: ['/objects/uploads/0b6c2f1e-9d3a-4c1b-8e2f-1234567890ac'],
      createdAt: '2026-11-27T00:00:00.000Z', company: '스마일 치과', businessType: 'Medical', desiredFloors: [], desiredAreaM2: null, moveInDate: null, preferredContact: null,
      source: null, locale: 'ko', status: 'new', lostReason: null, lostReasonText: null, firstStatusChangeAt: null, unitId: null, unit: { floor: '8F', unitNumber: '801' },
      notification: 'off', assigneeId: null, assignee: null, nextStepOn: null, touchedAt: null, responseDueAt: null, overdue: false, version: 1,
      privacyNoticeVersion: null, privacyNoticeAt: null, marketingConsent: false, marketingConsentAt: null, destroyedAt: null, suspendedAt: null,
    } as Inquiry;
    const sent = JSON.stringify(webhookBody(inquiry));
    // What goes: the reference, the space, the use, the number of attachments, the time, the admin link …
    for (const fact of [inquiryReference(inquiry.id), '801', 'Medical', '첨부파일 수: 1', inquiry.createdAt, `/admin?inquiry=${inquiry.id}`]) expect(sent).toContain(fact);
    // … the name only when the owner shows names, and never the company, phone, e-mail, message or a file.
    expect(sent).not.toContain('김민준');
    expect(JSON.stringify(webhookBody(inquiry, { includeName: true }))).toContain('김민준');
    for (const never of ['스마일 치과', '010-1234-5678', 'minjun@example.com', '임대 조건', '/objects/uploads/']) expect(sent).not.toContain(never);

    const slackLine = (locale: Locale) => {
      const [inForce] = policyVersions(locale);
      return inForce!.sections.find((section) => section.id === 'processors')!.body.split('\n').find((line) => line.includes('Slack'))!;
    };
    const says = slackLine('ko');
    for (const item of ['접수 번호', '문의한 공간 또는 희망 층', '업종', '첨부파일 수', '접수 시각', '관리 화면 링크', '성명은 관리사무소가']) expect(says).toContain(item);
    expect(says).toMatch(/회사명, 전화번호, 이메일, 문의 내용과 첨부파일은 전달하지 않습니다/);
    expect(slackLine('en')).toContain('Never your company, phone, e-mail, message or attachments.');
    // Said anew in every language: none keeps the earlier version's "name, company, …" line.
    for (const locale of LOCALES) {
      const earlier = policyVersions(locale)[1]!.sections.find((section) => section.id === 'processors')!.body.split('\n').find((line) => line.includes('Slack'));
      expect(slackLine(locale), locale).not.toBe(earlier);
    }
  });
});
