import koActivity from '../../../content/i18n/ko/activity.json' with { type: 'json' };
import enActivity from '../../../content/i18n/en/activity.json' with { type: 'json' };
import zhActivity from '../../../content/i18n/zh/activity.json' with { type: 'json' };
import jaActivity from '../../../content/i18n/ja/activity.json' with { type: 'json' };
import koTeam from '../../../content/i18n/ko/team.json' with { type: 'json' };
import enTeam from '../../../content/i18n/en/team.json' with { type: 'json' };
import zhTeam from '../../../content/i18n/zh/team.json' with { type: 'json' };
import jaTeam from '../../../content/i18n/ja/team.json' with { type: 'json' };
import koConflict from '../../../content/i18n/ko/conflict.json' with { type: 'json' };
import enConflict from '../../../content/i18n/en/conflict.json' with { type: 'json' };
import zhConflict from '../../../content/i18n/zh/conflict.json' with { type: 'json' };
import jaConflict from '../../../content/i18n/ja/conflict.json' with { type: 'json' };
import koInbox from '../../../content/i18n/ko/inbox.json' with { type: 'json' };
import enInbox from '../../../content/i18n/en/inbox.json' with { type: 'json' };
import zhInbox from '../../../content/i18n/zh/inbox.json' with { type: 'json' };
import jaInbox from '../../../content/i18n/ja/inbox.json' with { type: 'json' };
import koUnits from '../../../content/i18n/ko/units.json' with { type: 'json' };
import enUnits from '../../../content/i18n/en/units.json' with { type: 'json' };
import zhUnits from '../../../content/i18n/zh/units.json' with { type: 'json' };
import jaUnits from '../../../content/i18n/ja/units.json' with { type: 'json' };
import koTours from '../../../content/i18n/ko/tours.json' with { type: 'json' };
import enTours from '../../../content/i18n/en/tours.json' with { type: 'json' };
import zhTours from '../../../content/i18n/zh/tours.json' with { type: 'json' };
import jaTours from '../../../content/i18n/ja/tours.json' with { type: 'json' };
import koLeases from '../../../content/i18n/ko/leases.json' with { type: 'json' };
import enLeases from '../../../content/i18n/en/leases.json' with { type: 'json' };
import zhLeases from '../../../content/i18n/zh/leases.json' with { type: 'json' };
import jaLeases from '../../../content/i18n/ja/leases.json' with { type: 'json' };
import koLeasePanel from '../../../content/i18n/ko/leasePanel.json' with { type: 'json' };
import enLeasePanel from '../../../content/i18n/en/leasePanel.json' with { type: 'json' };
import zhLeasePanel from '../../../content/i18n/zh/leasePanel.json' with { type: 'json' };
import jaLeasePanel from '../../../content/i18n/ja/leasePanel.json' with { type: 'json' };
import koProposals from '../../../content/i18n/ko/proposals.json' with { type: 'json' };
import enProposals from '../../../content/i18n/en/proposals.json' with { type: 'json' };
import zhProposals from '../../../content/i18n/zh/proposals.json' with { type: 'json' };
import jaProposals from '../../../content/i18n/ja/proposals.json' with { type: 'json' };
import koProposalPanel from '../../../content/i18n/ko/proposalPanel.json' with { type: 'json' };
import enProposalPanel from '../../../content/i18n/en/proposalPanel.json' with { type: 'json' };
import zhProposalPanel from '../../../content/i18n/zh/proposalPanel.json' with { type: 'json' };
import jaProposalPanel from '../../../content/i18n/ja/proposalPanel.json' with { type: 'json' };
import koDeals from '../../../content/i18n/ko/deals.json' with { type: 'json' };
import enDeals from '../../../content/i18n/en/deals.json' with { type: 'json' };
import zhDeals from '../../../content/i18n/zh/deals.json' with { type: 'json' };
import jaDeals from '../../../content/i18n/ja/deals.json' with { type: 'json' };
import koBrands from '../../../content/i18n/ko/brands.json' with { type: 'json' };
import enBrands from '../../../content/i18n/en/brands.json' with { type: 'json' };
import zhBrands from '../../../content/i18n/zh/brands.json' with { type: 'json' };
import jaBrands from '../../../content/i18n/ja/brands.json' with { type: 'json' };
import koAdmin from '../../../content/i18n/ko/admin.json' with { type: 'json' };
import enAdmin from '../../../content/i18n/en/admin.json' with { type: 'json' };
import zhAdmin from '../../../content/i18n/zh/admin.json' with { type: 'json' };
import jaAdmin from '../../../content/i18n/ja/admin.json' with { type: 'json' };
import koStatus from '../../../content/i18n/ko/status.json' with { type: 'json' };
import enStatus from '../../../content/i18n/en/status.json' with { type: 'json' };
import zhStatus from '../../../content/i18n/zh/status.json' with { type: 'json' };
import jaStatus from '../../../content/i18n/ja/status.json' with { type: 'json' };
import koPrivacyRequests from '../../../content/i18n/ko/privacyRequests.json' with { type: 'json' };
import enPrivacyRequests from '../../../content/i18n/en/privacyRequests.json' with { type: 'json' };
import zhPrivacyRequests from '../../../content/i18n/zh/privacyRequests.json' with { type: 'json' };
import jaPrivacyRequests from '../../../content/i18n/ja/privacyRequests.json' with { type: 'json' };
import koLostReasons from '../../../content/i18n/ko/lostReasons.json' with { type: 'json' };
import enLostReasons from '../../../content/i18n/en/lostReasons.json' with { type: 'json' };
import zhLostReasons from '../../../content/i18n/zh/lostReasons.json' with { type: 'json' };
import jaLostReasons from '../../../content/i18n/ja/lostReasons.json' with { type: 'json' };
import koAccess from '../../../content/i18n/ko/access.json' with { type: 'json' };
import enAccess from '../../../content/i18n/en/access.json' with { type: 'json' };
import zhAccess from '../../../content/i18n/zh/access.json' with { type: 'json' };
import jaAccess from '../../../content/i18n/ja/access.json' with { type: 'json' };
import koSecondFactor from '../../../content/i18n/ko/secondFactor.json' with { type: 'json' };
import enSecondFactor from '../../../content/i18n/en/secondFactor.json' with { type: 'json' };
import zhSecondFactor from '../../../content/i18n/zh/secondFactor.json' with { type: 'json' };
import jaSecondFactor from '../../../content/i18n/ja/secondFactor.json' with { type: 'json' };
import koStaffMail from '../../../content/i18n/ko/staffMail.json' with { type: 'json' };
import enStaffMail from '../../../content/i18n/en/staffMail.json' with { type: 'json' };
import zhStaffMail from '../../../content/i18n/zh/staffMail.json' with { type: 'json' };
import jaStaffMail from '../../../content/i18n/ja/staffMail.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.ts';
import { createTranslator, flatten, type Dictionary, type Translate } from '../../i18n/translate.ts';

/**
 * Every namespace the activity log's words reach (src/shared/audit-format.ts: the kinds, actions, fields by their
 * forms' labels, values by their lists), so the log's CSV says what the panel's activity tab says; imported here,
 * not in src/server/i18n.ts, so only the function that exports the log carries them. tests/unit/audit-format.test.ts
 * holds these to the panel's dictionaries.
 */
const DICTIONARIES: Record<Locale, Dictionary> = {
  ko: {
    activity: koActivity, team: koTeam, conflict: koConflict, inbox: koInbox, units: koUnits, tours: koTours,
    leases: koLeases, leasePanel: koLeasePanel, proposals: koProposals, proposalPanel: koProposalPanel, deals: koDeals,
    brands: koBrands, admin: koAdmin, status: koStatus, privacyRequests: koPrivacyRequests, lostReasons: koLostReasons,
    access: koAccess, secondFactor: koSecondFactor, staffMail: koStaffMail,
  },
  en: {
    activity: enActivity, team: enTeam, conflict: enConflict, inbox: enInbox, units: enUnits, tours: enTours,
    leases: enLeases, leasePanel: enLeasePanel, proposals: enProposals, proposalPanel: enProposalPanel, deals: enDeals,
    brands: enBrands, admin: enAdmin, status: enStatus, privacyRequests: enPrivacyRequests, lostReasons: enLostReasons,
    access: enAccess, secondFactor: enSecondFactor, staffMail: enStaffMail,
  },
  zh: {
    activity: zhActivity, team: zhTeam, conflict: zhConflict, inbox: zhInbox, units: zhUnits, tours: zhTours,
    leases: zhLeases, leasePanel: zhLeasePanel, proposals: zhProposals, proposalPanel: zhProposalPanel, deals: zhDeals,
    brands: zhBrands, admin: zhAdmin, status: zhStatus, privacyRequests: zhPrivacyRequests, lostReasons: zhLostReasons,
    access: zhAccess, secondFactor: zhSecondFactor, staffMail: zhStaffMail,
  },
  ja: {
    activity: jaActivity, team: jaTeam, conflict: jaConflict, inbox: jaInbox, units: jaUnits, tours: jaTours,
    leases: jaLeases, leasePanel: jaLeasePanel, proposals: jaProposals, proposalPanel: jaProposalPanel, deals: jaDeals,
    brands: jaBrands, admin: jaAdmin, status: jaStatus, privacyRequests: jaPrivacyRequests, lostReasons: jaLostReasons,
    access: jaAccess, secondFactor: jaSecondFactor, staffMail: jaStaffMail,
  },
};

const translators = new Map<Locale, Translate>();

export function auditMessages(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createTranslator(flatten(DICTIONARIES[locale]))));
  return t;
}
