/**
 * Codes a person must never read on a Korean screen, mail or CSV (issue 38): use categories, language codes, statuses,
 * settings' keys and other camelCase or snake_case names, sign-in methods, floor codes ("3F", "B1" — a unit number
 * such as "B102" is not one). Matched as whole words, so a name or an address does not set it off.
 */
export const RAW_CODES = /\b(Medical|Office|Retail|Service|Education|Beauty|ko|en|zh|ja|available|negotiating|leased|reserved|contacted|touring|scheduled|no_show|password|totp|passkey|requireSecondFactor|tourBufferMinutes|[a-z]+(?:[A-Z][a-z]+)+|[a-z]+_[a-z_]+)\b|\b(?:B[12]|\d{1,2}F)\b/;
