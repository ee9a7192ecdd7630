import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../src/shared/inquiry.ts';
import { inquiryReference } from '../../src/shared/inquiry-basics.ts';
import { confirmationMail, teamText } from '../../src/server/notify/messages.ts';
import { serverMessages } from '../../src/server/i18n.ts';

const ID = '0b6c2f1e-9d3a-4c1b-8e2f-1234567890ab';

function inquiry(fields: Partial<Inquiry>): Inquiry {
  return {
    id: ID, name: '김민준', email: 'minjun@example.com', phone: '010-1234-5678', message: '8층 공간 임대 조건을 알고 싶습니다.', attachments: [],
    createdAt: '2026-11-27T00:00:00.000Z', company: null, businessType: null, desiredFloors: [], desiredAreaM2: null, moveInDate: null,
    preferredContact: null, source: null, locale: 'ko', status: 'new', lostReason: null, lostReasonText: null, firstStatusChangeAt: null, unitId: null, unit: null,
    notification: 'off', assigneeId: null, assignee: null, nextStepOn: null, touchedAt: null, responseDueAt: null, overdue: false, version: 1,
    privacyNoticeVersion: null, privacyNoticeAt: null, marketingConsent: false, marketingConsentAt: null, destroyedAt: null, suspendedAt: null,
    ...fields,
  };
}

describe('the visitor’s confirmation mail (issue 28)', () => {
  it('quotes the reference number the success screen showed, and the space asked about, in the page’s language', () => {
    const reference = inquiryReference(ID);
    const ko = confirmationMail(inquiry({ unitId: ID, unit: { floor: '8F', unitNumber: '802' } })).text;
    expect(ko).toContain(`접수 번호: ${reference}`);
    expect(ko).toContain('문의한 공간: 8층 802호');
    const en = confirmationMail(inquiry({ locale: 'en', unitId: ID, unit: { floor: 'B1', unitNumber: 'B101' } })).text;
    expect(en).toContain(`Reference number: ${reference}`);
    expect(en).toContain('Space asked about: Basement 1, Unit B101');
    const ja = confirmationMail(inquiry({ locale: 'ja', unitId: ID, unit: { floor: '12F', unitNumber: '1201' } })).text;
    expect(ja).toContain(`受付番号：${reference}`);
    expect(ja).toContain('お問い合わせの区画：12階 1201区画');
    const zh = confirmationMail(inquiry({ locale: 'zh', unitId: ID, unit: { floor: '3F', unitNumber: '301' } })).text;
    expect(zh).toContain(`受理编号：${reference}`);
    expect(zh).toContain('咨询的空间：3层 301单元');
  });

  it('a general inquiry (no space) still carries its reference number and names no space', () => {
    const text = confirmationMail(inquiry({})).text;
    expect(text).toContain(`접수 번호: ${inquiryReference(ID)}`);
    expect(text).not.toContain('문의한 공간');
  });
});

describe('the team’s mails read naturally in Korean (issue 28, polish)', () => {
  it('names the space as "8층 802호" and, without a company, never says "(없음)" in the subject', () => {
    const mail = teamText(inquiry({ unitId: ID, unit: { floor: '8F', unitNumber: '802' } }));
    expect(mail.subject).toBe(`[B TOWER] 새 임대 문의 #${inquiryReference(ID)} · 8층 802호`);
    expect(mail.subject).not.toContain('없음');
    expect(mail.text).toContain('호실/희망 층: 8층 802호');
    expect(mail.text).not.toContain('8F');
    const withCompany = teamText(inquiry({ company: '스마일 치과', desiredFloors: ['B1', '3F'] }));
    expect(withCompany.subject).toBe(`[B TOWER] 새 임대 문의 #${inquiryReference(ID)} · 지하 1층, 3층`);
    const general = teamText(inquiry({}));
    expect(general.subject).toBe(`[B TOWER] 새 임대 문의 #${inquiryReference(ID)}`);
    expect(`${general.subject}\n${general.text}`).not.toContain('김민준');
    expect(withCompany.text).toContain('호실/희망 층: 지하 1층, 3층');
  });

  it('an invitation says "담당자로", not "담당자(으)로"', () => {
    const t = serverMessages('ko');
    for (const role of ['owner', 'agent', 'viewer']) {
      const body = t('staffMail.invitation.body', { by: '관리자', role: t(`staffMail.roles.${role}`) });
      expect(body).toContain(`${t(`staffMail.roles.${role}`)}로 초대했습니다`);
      expect(body).not.toContain('(으)');
    }
  });
});
