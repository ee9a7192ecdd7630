import type { DealRates } from '../../shared/deals/rates.ts';
import type { ApprovalSettings } from '../../shared/proposals/approval-rules.ts';

/**
 * The owner's rates and approval rules as the proposal form reads them (GET /api/deal-rates, docs/api/proposals.md):
 * the live figures use the rates the server will compute with on save, and the form says which rules the terms hit
 * before they are submitted. The settings route itself is the owner's; this one only reads these keys.
 */
export type DealSettings = DealRates & ApprovalSettings;

export const DEAL_RATES_PATH = '/api/deal-rates';
