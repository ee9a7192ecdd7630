import { describe, expect, it } from 'vitest';
import { EMPTY_DETAILS } from '~/client/tenant-details-model';
import { isEmptyDraft, parseDraft, type InquiryDraft } from '~/client/inquiry-draft';

const PATH = '/objects/uploads/0b6c2f1e-9d3a-4c1b-8e2f-1234567890ab';
const draft: InquiryDraft = {
  values: { name: 'Kim', phone: '010-1234-5678', email: 'kim@example.com', message: 'A clinic on 3F' },
  details: { ...EMPTY_DETAILS, company: 'Smile Dental', desiredFloors: ['3F'], preferredContact: 'email' },
  detailsOpen: true,
  attachments: [{ path: PATH, name: '회사소개서.pdf', size: 2048 }],
  notKept: ['plan.pdf'],
  startedAt: Date.UTC(2026, 11, 1, 9, 30),
};

describe('the contact form draft', () => {
  it('comes back exactly as it was kept', () => {
    expect(parseDraft(JSON.stringify(draft))).toEqual(draft);
  });

  it('keeps nothing from storage that is not a draft', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{not json')).toBeNull();
    expect(parseDraft('[1,2]')).toBeNull();
  });

  it('drops fields of the wrong shape and attachments that are not our own object paths', () => {
    const garbled = JSON.stringify({
      values: { name: 42, email: 'kim@example.com' },
      details: { preferredContact: 'pigeon', desiredFloors: ['3F', 7] },
      attachments: [{ path: 'https://evil.example/x.exe', name: 'x.exe' }, { path: `${PATH}/../../secret`, name: 'y' }, { path: PATH, name: 'ok.pdf', size: 'big' }],
      startedAt: Date.now() + 3_600_000,
    });
    expect(parseDraft(garbled)).toEqual({
      values: { name: '', phone: '', email: 'kim@example.com', message: '' },
      details: { ...EMPTY_DETAILS, desiredFloors: ['3F'] },
      detailsOpen: false,
      attachments: [{ path: PATH, name: 'ok.pdf', size: null }],
      notKept: [],
      // A start in the future would make a post look slower than it was.
      startedAt: null,
    });
  });

  it('is empty when nothing was typed, chosen or attached (blank spaces count as nothing)', () => {
    const blank: InquiryDraft = { values: { name: ' ', phone: '', email: '', message: '' }, details: EMPTY_DETAILS, detailsOpen: true, attachments: [], notKept: [], startedAt: Date.now() };
    expect(isEmptyDraft(blank)).toBe(true);
    expect(isEmptyDraft({ ...blank, details: { ...EMPTY_DETAILS, desiredFloors: ['B1'] } })).toBe(false);
    expect(isEmptyDraft({ ...blank, notKept: ['plan.pdf'] })).toBe(false);
  });
});
