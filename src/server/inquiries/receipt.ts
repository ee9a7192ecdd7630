import type { InquiryInput } from '../../shared/inquiry.ts';

/**
 * The answer to POST /api/inquiries: the inquiry's id and time, what the inquirer sent, and when the notice
 * was acknowledged and the marketing choice made (both at the inquiry's arrival: issue 24).
 */
export type InquiryReceipt = InquiryInput & { id: string; createdAt: string; privacyNoticeAt: string; marketingConsentAt: string };

/**
 * What the inquirer is told, the same for a first answer, an Idempotency-Key replay and a discarded bot
 * post (which must not be told apart): never what the team stored or decided since (status, lost reason,
 * response times, the stored company or referrer), only what this request sent.
 */
export function inquiryReceipt(input: InquiryInput, id: string, createdAt: string): InquiryReceipt {
  return { id, ...input, createdAt, privacyNoticeAt: createdAt, marketingConsentAt: createdAt };
}
