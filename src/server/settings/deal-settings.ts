import type { DealRates } from '../../shared/deals/rates.ts';
import type { ApprovalSettings } from '../../shared/proposals/approval-rules.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { readSettings } from './queries.ts';

/**
 * The settings a proposal is computed and judged with (the owner's rates and approval rules), as the agents'
 * proposal form reads them: the live figures use the rates the server will store on save, and the form says which
 * rules the terms hit before they are submitted. Only these keys: the rest of the settings stay the owner's.
 */
export async function readDealSettings(db: Db | Trx): Promise<DealRates & ApprovalSettings> {
  const settings = await readSettings(db);
  return {
    nerDiscountRatePct: settings.nerDiscountRatePct,
    depositYieldPct: settings.depositYieldPct,
    askingEscalationPct: settings.askingEscalationPct,
    approvalDiscountPct: settings.approvalDiscountPct,
    approvalFreeMonthsPerYear: settings.approvalFreeMonthsPerYear,
    approvalAnyTi: settings.approvalAnyTi,
    approvalAnySpecialTerms: settings.approvalAnySpecialTerms,
  };
}
