import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { InquiryInputSchema } from '~/shared/inquiry';
import { inquiryFormProblems, type InquiryFormBody } from '~/shared/inquiry-rules';

const VALID: InquiryFormBody = {
  name: 'Kim Minji', phone: '010-2345-6789', email: 'minji@example.com', message: '3층 120평 클리닉 입점을 검토하고 있습니다.',
  attachments: [], company: '', desiredAreaM2: null, moveInDate: null, privacyNoticeVersion: '2026-11-27',
};
const upload = (n: number) => `/objects/uploads/00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

/** The server's answer: each issue's dot path → its message (the first per path, as the API reports). */
function serverProblems(body: InquiryFormBody): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of v.safeParse(InquiryInputSchema, body).issues ?? []) fields[v.getDotPath(issue) ?? ''] ??= issue.message;
  return fields;
}

const CASES: [string, Partial<InquiryFormBody>, Record<string, string>][] = [
  ['a complete inquiry', {}, {}],
  ['every required field blank or spaces', { name: '', phone: '   ', email: '', message: '\n' }, {
    name: 'inquiry.errors.required', phone: 'inquiry.errors.required', email: 'inquiry.errors.required', message: 'inquiry.errors.required',
  }],
  ['a name of 100 characters', { name: '가'.repeat(100) }, {}],
  ['a name one character over', { name: '가'.repeat(101) }, { name: 'inquiry.errors.tooLong' }],
  ['a message of 5,001 characters', { message: 'a'.repeat(5001) }, { message: 'inquiry.errors.tooLong' }],
  ['spaces around an e-mail address', { email: '  minji@example.com ' }, {}],
  ['an e-mail without a domain', { email: 'minji@example' }, { email: 'inquiry.errors.emailInvalid' }],
  ['an e-mail with a space inside', { email: 'min ji@example.com' }, { email: 'inquiry.errors.emailInvalid' }],
  ['five attachments', { attachments: [1, 2, 3, 4, 5].map(upload) }, {}],
  ['six attachments', { attachments: [1, 2, 3, 4, 5, 6].map(upload) }, { attachments: 'inquiry.errors.tooManyAttachments' }],
  ['an area with one bound', { desiredAreaM2: { min: 120, max: null } }, {}],
  ['an area under 1 m² and one that is not a number', { desiredAreaM2: { min: 0, max: Number.NaN } }, {
    'desiredAreaM2.min': 'inquiryExtra.errors.areaInvalid', 'desiredAreaM2.max': 'inquiryExtra.errors.areaInvalid',
  }],
  ['an area over 100,000 m²', { desiredAreaM2: { min: null, max: 100_001 } }, { 'desiredAreaM2.max': 'inquiryExtra.errors.areaInvalid' }],
  ['a minimum above the maximum', { desiredAreaM2: { min: 300, max: 100 } }, { desiredAreaM2: 'inquiryExtra.errors.areaRange' }],
  ['a day that does not exist', { moveInDate: '2027-02-29' }, { moveInDate: 'inquiryExtra.errors.dateInvalid' }],
  ['a leap day', { moveInDate: '2028-02-29' }, {}],
  ['a date typed the other way round', { moveInDate: '01.03.2027' }, { moveInDate: 'inquiryExtra.errors.dateInvalid' }],
  ['a company name of 201 characters', { company: 'c'.repeat(201) }, { company: 'inquiry.errors.tooLong' }],
  ['a phone number in words (issue 16)', { phone: 'abc' }, { phone: 'inquiry.errors.phoneInvalid' }],
  ['a phone number with letters among the digits', { phone: '010-1234-567O' }, { phone: 'inquiry.errors.phoneInvalid' }],
  ['a phone number of six digits', { phone: '12-3456' }, { phone: 'inquiry.errors.phoneInvalid' }],
  ['an international number with spaces, +, - and parentheses', { phone: '+82 (10) 1234-5678' }, {}],
  ['a Korean landline of nine digits', { phone: '02-555-0101' }, {}],
  ["the notice's required box left unticked (issue 24)", { privacyNoticeVersion: null }, { privacyNoticeVersion: 'privacy.errors.acknowledgeRequired' }],
];

describe('the contact form checks in the browser by the rules the server applies', () => {
  it.each(CASES)('%s', (_label, change, expected) => {
    const body = { ...VALID, ...change };
    expect(inquiryFormProblems(body)).toEqual(expected);
    expect(serverProblems(body)).toEqual(expected);
  });
});

describe('one-line fields', () => {
  it('store a name or company with line breaks as one line, so a mail or Slack message gets no extra line (issue 16)', () => {
    const parsed = v.parse(InquiryInputSchema, { ...VALID, name: 'Eve\r\nBcc: x@evil.example', company: 'Acme\u2028Inc\t', attachments: [] });
    expect(parsed.name).toBe('Eve Bcc: x@evil.example');
    expect(parsed.company).toBe('Acme Inc');
    expect(parsed.message).toBe(VALID.message);
  });
});
