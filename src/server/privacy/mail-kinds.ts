/**
 * Mails of privacy requests, queued in the outbox like staff mails and written when sent (mails.ts): a queued row
 * holds ids only, never an address, a token or the requester's words.
 */
export type PrivacyMail =
  | { kind: 'confirm'; requestId: string }
  | { kind: 'copy'; requestId: string }
  | { kind: 'outcome'; requestId: string }
  | { kind: 'overdue'; requestId: string; userId: string };

export const PRIVACY_MAIL_CHANNEL = 'privacy-mail';
