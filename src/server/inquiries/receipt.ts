import type { InquiryInput } from '../../shared/inquiry.ts';

/** The answer to POST /api/inquiries: the inquiry's id and time, and what the inquirer sent. */
export type InquiryReceipt = InquiryInput & { id: string; createdAt: string };

/**
 * What the inquirer is told, the same for a first answer, an Idempotency-Key replay and a discarded bot
 * post (which must not be told apart): never what the team stored or decided since (status, lost reason,
 * response times, the stored company or referrer), only what this request sent.
 */
export function inquiryReceipt(input: InquiryInput, id: string, createdAt: string): InquiryReceipt {
  return { id, ...input, createdAt };
}
