/**
 * Why a prospect declines (a fixed list the reports can count, plus their own words): the prospect's page shows
 * these in their language (content/i18n/<lang>/proposals.json `declineReasons.*`).
 */
export const DECLINE_REASONS = ['price', 'area', 'timing', 'location', 'terms', 'other_building', 'postponed', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
