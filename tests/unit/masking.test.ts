import { describe, expect, it } from 'vitest';
import { maskCompany, maskEmail, maskHistoryEntry, maskInquiry, maskName, maskPhone, maskTour } from '../../src/shared/masking.ts';
import type { Inquiry } from '../../src/shared/inquiry.ts';

describe('what a viewer sees of a visitor (issue 25)', () => {
  it('masks names: the middle of a Korean, Chinese or Japanese name, each word but its first letter of a Latin one', () => {
    expect(['홍길동', '남궁민수', '이수', '김', '王小明', 'さとう'].map(maskName)).toEqual(['홍*동', '남**수', '이*', '*', '王*明', 'さ*う']);
    expect(['John Smith', 'Jane', 'J R Tolkien', '  Anna   Lee '].map(maskName)).toEqual(['J*** S****', 'J***', '* * T******', 'A*** L**']);
  });

  it('masks phones to their first three and last four digits, separators kept', () => {
    expect(['010-1234-5678', '01012345678', '+82 10-1234-5678', '02-123-4567', '1588-12'].map(maskPhone)).toEqual(['010-****-5678', '010****5678', '+82 1*-****-5678', '02-1**-4567', '****-12']);
  });

  it('masks e-mails to the first letter and three stars, the domain kept; companies to their first letter', () => {
    expect(['kim.minsu@example.com', 'k@example.com', 'not-an-address'].map(maskEmail)).toEqual(['k***@example.com', 'k***@example.com', '***']);
    expect(['비타워상사', 'Acme Dental', ''].map(maskCompany)).toEqual(['비***', 'A***', '']);
  });

  it('leaves out the message, attachment paths, the words of an "other" lost reason, the referrer and note texts; keeps what it is about', () => {
    const inquiry = {
      id: 'x', name: '홍길동', email: 'hong@example.com', phone: '010-1234-5678', message: 'secret', attachments: ['uploads/a/contract.pdf'],
      company: null, businessType: 'Office', desiredFloors: ['8F'], lostReason: 'other', lostReasonText: 'Moved to 홍길동’s own building', source: { path: '/contact', referrer: 'https://mail.example/?to=hong', utm: {} },
    } as unknown as Inquiry;
    const masked = maskInquiry(inquiry);
    expect(masked).toMatchObject({ name: '홍*동', phone: '010-****-5678', email: 'h***@example.com', company: null, attachments: [], attachmentCount: 1, lostReason: 'other', lostReasonText: null, businessType: 'Office', desiredFloors: ['8F'], masked: true, source: { path: '/contact', referrer: null } });
    expect(masked).not.toHaveProperty('message');
    expect(maskHistoryEntry({ at: 't', note: '010-1234-5678 called' })).toEqual({ at: 't', noteHidden: true });
    expect(maskHistoryEntry({ at: 't', status: 'lost', lostReason: 'other', lostReasonText: 'moved' })).toEqual({ at: 't', status: 'lost', lostReason: 'other' });
  });

  it('gives a viewer a tour with its prospect\'s name and company masked and none of the staff\'s words about the visit', () => {
    const tour = {
      id: 't1', startsAt: '2026-12-01T01:00:00.000Z', name: '홍길동', company: '비타민치과', messageToProspect: '홍길동님, 로비에서 뵙겠습니다',
      internalNotes: '010-1234-5678로 전화함', feedback: '홍길동 대표가 만족', nextStep: '제안서 발송', cancelReason: null,
    };
    const masked = maskTour(tour);
    expect(masked).toMatchObject({ id: 't1', startsAt: tour.startsAt, name: '홍*동', company: maskCompany('비타민치과'), masked: true });
    expect(maskTour({ ...tour, name: null, company: null })).toMatchObject({ name: null, company: null });
    expect(masked.company).not.toBe('비타민치과');
    expect(JSON.stringify(masked)).not.toMatch(/홍길동|1234-5678|제안서|로비/);
  });
});
