import { INQUIRY_LIMITS } from './inquiry-basics.ts';
import { ATTACHMENT_MAX_FILES } from './uploads.ts';

/**
 * The rules of what a visitor types into the inquiry form, as plain functions that name the problem
 * (a dictionary key) or return null. `InquiryInputSchema` applies these same functions on the server,
 * and the contact form checks with them in the browser without shipping the validation library.
 */

/** The messages of the form's fields (inquiry.json and inquiryExtra.json). */
export const INQUIRY_FIELD_MESSAGES = {
  required: 'inquiry.errors.required',
  tooLong: 'inquiry.errors.tooLong',
  emailInvalid: 'inquiry.errors.emailInvalid',
  phoneInvalid: 'inquiry.errors.phoneInvalid',
  tooManyAttachments: 'inquiry.errors.tooManyAttachments',
  areaInvalid: 'inquiryExtra.errors.areaInvalid',
  areaRange: 'inquiryExtra.errors.areaRange',
  dateInvalid: 'inquiryExtra.errors.dateInvalid',
  /** The collection notice's required box is not ticked (privacy.json). */
  acknowledgeRequired: 'privacy.errors.acknowledgeRequired',
} as const;
const M = INQUIRY_FIELD_MESSAGES;

/** An address the team can write back to: a name, an @, a domain with a dot (valibot's email rule). */
export const EMAIL_PATTERN = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A phone number as people write it: digits, with spaces, +, - and parentheses between them. */
export const PHONE_PATTERN = /^[\d\s+()-]+$/;
/** The fewest digits of a number the team can call back (a Korean number has 8 to 11). */
export const PHONE_MIN_DIGITS = 7;

/**
 * Line breaks and other control characters (C0, DEL, C1, the Unicode line and paragraph separators):
 * a one-line field (name, phone, company) holds none, so it stays one line in the team's mail subject,
 * its headline and the Slack message, and cannot forge extra lines there. NUL is left for the server to
 * refuse outright (it cannot be stored: storable-text.ts).
 */
const CONTROL_CHARACTERS = /[\u0001-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A one-line field as stored: control characters become a space.
 * @example singleLine('Eve\r\nBcc: x') // 'Eve Bcc: x'
 */
export function singleLine(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ');
}

/** A required text (already trimmed): there, and at most `max` characters. */
export function requiredTextProblem(text: string, max: number): string | null {
  if (text === '') return M.required;
  return text.length > max ? M.tooLong : null;
}

/** The e-mail field (trimmed): required, then an address. */
export function emailProblem(text: string): string | null {
  return requiredTextProblem(text, INQUIRY_LIMITS.email) ?? (EMAIL_PATTERN.test(text) ? null : M.emailInvalid);
}

/** The phone field (trimmed): required, then digits with spaces, +, - and parentheses. */
export function phoneProblem(text: string): string | null {
  const digits = text.replace(/\D/g, '').length;
  return requiredTextProblem(text, INQUIRY_LIMITS.phone) ?? (PHONE_PATTERN.test(text) && digits >= PHONE_MIN_DIGITS ? null : M.phoneInvalid);
}

/** An optional text (trimmed): at most `max` characters. */
export function optionalTextProblem(text: string, max: number): string | null {
  return text.length > max ? M.tooLong : null;
}

/** One bound of the wanted area, in m²: a number from 1 to the limit. */
export function areaBoundProblem(value: number): string | null {
  return Number.isNaN(value) || value < 1 || value > INQUIRY_LIMITS.areaM2 ? M.areaInvalid : null;
}

/** Both bounds given: the minimum is not above the maximum. */
export function areaRangeProblem(area: { min: number | null; max: number | null }): string | null {
  return area.min !== null && area.max !== null && area.min > area.max ? M.areaRange : null;
}

/**
 * YYYY-MM-DD naming a day of the calendar: 2026-02-31 is none, and neither is year 0000 (the database has
 * no year zero, so such a date would fail there instead of being refused as input).
 * @example isCalendarDay('2028-02-29') // true
 * @example isCalendarDay('0000-00-00') // false
 */
export function isCalendarDay(text: string): boolean {
  if (!ISO_DATE_PATTERN.test(text) || text.startsWith('0000')) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/** A move-in date: YYYY-MM-DD, and a day that exists. */
export function moveInDateProblem(text: string): string | null {
  return isCalendarDay(text) ? null : M.dateInvalid;
}

/** The inquiry as the contact form holds it before sending. */
export interface InquiryFormBody {
  name: string;
  phone: string;
  email: string;
  message: string;
  attachments: readonly string[];
  company: string;
  desiredAreaM2: { min: number | null; max: number | null } | null;
  moveInDate: string | null;
  /** The notice version when its required box is ticked, else null (issue 24). */
  privacyNoticeVersion: string | null;
}

/**
 * The problems the browser can tell before sending, named as the server names them (dot path → message
 * key): the same rules, so the form never passes what the server refuses for these fields, nor the reverse.
 */
export function inquiryFormProblems(body: InquiryFormBody): Record<string, string> {
  const fields: Record<string, string> = {};
  const note = (path: string, problem: string | null) => {
    if (problem) fields[path] ??= problem;
  };
  note('name', requiredTextProblem(body.name.trim(), INQUIRY_LIMITS.name));
  note('email', emailProblem(body.email.trim()));
  note('phone', phoneProblem(body.phone.trim()));
  note('message', requiredTextProblem(body.message.trim(), INQUIRY_LIMITS.message));
  note('attachments', body.attachments.length > ATTACHMENT_MAX_FILES ? M.tooManyAttachments : null);
  note('company', optionalTextProblem(body.company.trim(), INQUIRY_LIMITS.company));
  const area = body.desiredAreaM2;
  if (area) {
    const bounds = { min: area.min === null ? null : areaBoundProblem(area.min), max: area.max === null ? null : areaBoundProblem(area.max) };
    note('desiredAreaM2.min', bounds.min);
    note('desiredAreaM2.max', bounds.max);
    // Like the schema: the order of the bounds is judged once each bound is a valid area.
    if (!bounds.min && !bounds.max) note('desiredAreaM2', areaRangeProblem(area));
  }
  if (body.moveInDate !== null) note('moveInDate', moveInDateProblem(body.moveInDate));
  // The required box of the collection notice; the server also checks the version is one it published.
  note('privacyNoticeVersion', body.privacyNoticeVersion ? null : INQUIRY_FIELD_MESSAGES.acknowledgeRequired);
  return fields;
}
