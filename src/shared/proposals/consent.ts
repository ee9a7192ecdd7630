/**
 * The words a prospect ticks to accept (issue 39, "the versioned consent words"). A version is named by the day it
 * takes effect, as the privacy notice is (decision 021); its words are `proposals.consent.<version>` in every
 * language and are never changed once published — a change is a new version here and in the dictionaries. The
 * answer stores the version it was given, and the certificate prints that version's words.
 */
export const CONSENT_VERSIONS = ['2026-12-06'] as const;
export type ConsentVersion = (typeof CONSENT_VERSIONS)[number];

/** The version the prospect's page shows now. */
export const CURRENT_CONSENT_VERSION: ConsentVersion = CONSENT_VERSIONS[CONSENT_VERSIONS.length - 1]!;

/** The dictionary key of a version's words. */
export const consentKey = (version: ConsentVersion) => `proposals.consent.v${version.replaceAll('-', '')}`;
