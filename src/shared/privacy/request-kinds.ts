/** What a visitor may ask about their personal data (PIPA Art. 35–37, issue 24); no validation library here, pages import it. */
export const PRIVACY_REQUEST_KINDS = ['access', 'correction', 'deletion', 'suspension', 'marketing_withdrawal'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_DETAILS_MAX = 2000;
