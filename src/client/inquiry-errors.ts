import { inquiryFormProblems, type InquiryFormBody } from '../shared/inquiry-rules.ts';

/** Where a message can sit on the contact form: under a field, under the attachments, or at the notice's required box. */
export const INQUIRY_ERROR_FIELDS = ['name', 'phone', 'email', 'message', 'attachments', 'privacyNoticeVersion'] as const;
export type InquiryErrorField = (typeof INQUIRY_ERROR_FIELDS)[number];
/** Field → dictionary key of its message. */
export type InquiryErrors = Partial<Record<InquiryErrorField, string>>;

/** The all-fields-required message reads wrong under one field: there it says "this field is required". */
const PER_FIELD: Record<string, string> = { 'inquiry.errors.required': 'inquiry.errors.fieldRequired' };

/**
 * Field errors from validation paths, the shared schema's or the server's `error.fields`.
 * @example inquiryErrorsFrom({ email: 'inquiry.errors.emailInvalid', 'attachments.1': 'inquiry.errors.attachmentInvalid' })
 */
export function inquiryErrorsFrom(fields: Record<string, string>): InquiryErrors {
  const errors: InquiryErrors = {};
  for (const [path, key] of Object.entries(fields)) {
    const field = path.split('.')[0] as InquiryErrorField;
    if (INQUIRY_ERROR_FIELDS.includes(field)) errors[field] ??= PER_FIELD[key] ?? key;
  }
  return errors;
}

/**
 * Each field's message, or none: by the rules the server's schema applies (inquiry-rules.ts), without
 * the validation library in the page. What only the server can judge (a space since leased) it answers.
 */
export function checkInquiry(body: InquiryFormBody): { errors: InquiryErrors; fields: Record<string, string> } | null {
  const fields = inquiryFormProblems(body);
  return Object.keys(fields).length === 0 ? null : { errors: inquiryErrorsFrom(fields), fields };
}

/** The first field with a message, in the form's order: where focus goes. */
export function firstInquiryError(errors: InquiryErrors): InquiryErrorField | undefined {
  return INQUIRY_ERROR_FIELDS.find((field) => errors[field]);
}
