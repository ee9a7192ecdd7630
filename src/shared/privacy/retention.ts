/**
 * How long an inquiry's personal data is kept before it is destroyed (PIPA Art. 21). The owner may change both in
 * the settings; these defaults are what the privacy policy states until then. One definition, read by the settings,
 * the destruction job and the policy page alike.
 */
export const RETENTION_DEFAULTS = {
  /** Days after an inquiry is won or lost. */
  retentionAfterCloseDays: 365,
  /** Days after an inquiry arrived, when it never closes. */
  retentionOpenDays: 1095,
} as const;
