import * as v from 'valibot';
import { ATTACHMENT_MAX_FILES, OBJECT_PATH_PATTERN, toObjectPath } from './uploads.ts';
import { objectMessages } from './object-messages.ts';
import type { UnitSnapshot } from './unit.ts';

export const INQUIRY_LIMITS = { name: 100, email: 254, phone: 40, message: 5000 } as const;

const msg = (key: string) => `inquiry.errors.${key}`;
const required = (max: number) =>
  v.pipe(v.string(msg('required')), v.trim(), v.nonEmpty(msg('required')), v.maxLength(max, msg('tooLong')));

/** An attachment as the form sends it: an uploaded URL or object path, stored as the object path. */
const AttachmentSchema = v.pipe(
  v.string(msg('attachmentInvalid')),
  v.transform((value) => toObjectPath(value) ?? value),
  v.regex(OBJECT_PATH_PATTERN, msg('attachmentInvalid')),
);

/** The leasing inquiry (spec §5), used by the contact form and POST /api/inquiries alike. */
export const InquiryInputSchema = v.strictObject({
  name: required(INQUIRY_LIMITS.name),
  email: v.pipe(required(INQUIRY_LIMITS.email), v.email(msg('emailInvalid'))),
  phone: required(INQUIRY_LIMITS.phone),
  message: required(INQUIRY_LIMITS.message),
  attachments: v.optional(
    v.pipe(v.array(AttachmentSchema), v.maxLength(ATTACHMENT_MAX_FILES, msg('tooManyAttachments'))),
    [],
  ),
  /** The space asked about (optional); the server checks it exists and is not leased. */
  unitId: v.optional(v.nullable(v.pipe(v.string('units.errors.unitNotFound'), v.uuid('units.errors.unitNotFound'))), null),
}, objectMessages({}, msg('required'), msg('unknownField')));
export type InquiryInput = v.InferOutput<typeof InquiryInputSchema>;

/** A stored inquiry as the admin reads it; attachments are short-lived signed links. */
export interface Inquiry {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  attachments: string[];
  createdAt: string;
  unitId: string | null;
  /** Floor and number of the unit asked about, as they were when the inquiry was sent. */
  unit: UnitSnapshot | null;
}
