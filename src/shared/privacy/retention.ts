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

/** What the owner may set: at least a month (an inquiry must be answerable), at most ten years. */
export const RETENTION_RANGE = { min: 30, max: 3650 } as const;

const DAY_MS = 86_400_000;

/**
 * When an inquiry's personal data falls due for destruction: `closedAt` + retentionAfterCloseDays for a won or lost
 * one, else `createdAt` + retentionOpenDays.
 * @example retentionDueAt({ createdAt: new Date('2026-01-01'), closedAt: null }, RETENTION_DEFAULTS) // 2028-12-31
 */
export function retentionDueAt(
  inquiry: { createdAt: Date; closedAt: Date | null },
  settings: { retentionAfterCloseDays: number; retentionOpenDays: number },
): Date {
  return inquiry.closedAt
    ? new Date(inquiry.closedAt.getTime() + settings.retentionAfterCloseDays * DAY_MS)
    : new Date(inquiry.createdAt.getTime() + settings.retentionOpenDays * DAY_MS);
}
