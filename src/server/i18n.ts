import { createTranslator, flatten, type Dictionary, type Translate } from '../i18n/translate.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import koInbox from '../../content/i18n/ko/inbox.json' with { type: 'json' };
import enInbox from '../../content/i18n/en/inbox.json' with { type: 'json' };
import zhInbox from '../../content/i18n/zh/inbox.json' with { type: 'json' };
import jaInbox from '../../content/i18n/ja/inbox.json' with { type: 'json' };
import koMail from '../../content/i18n/ko/mail.json' with { type: 'json' };
import enMail from '../../content/i18n/en/mail.json' with { type: 'json' };
import zhMail from '../../content/i18n/zh/mail.json' with { type: 'json' };
import jaMail from '../../content/i18n/ja/mail.json' with { type: 'json' };
import koStaffMail from '../../content/i18n/ko/staffMail.json' with { type: 'json' };
import enStaffMail from '../../content/i18n/en/staffMail.json' with { type: 'json' };
import zhStaffMail from '../../content/i18n/zh/staffMail.json' with { type: 'json' };
import jaStaffMail from '../../content/i18n/ja/staffMail.json' with { type: 'json' };
import koAccess from '../../content/i18n/ko/access.json' with { type: 'json' };
import enAccess from '../../content/i18n/en/access.json' with { type: 'json' };
import zhAccess from '../../content/i18n/zh/access.json' with { type: 'json' };
import jaAccess from '../../content/i18n/ja/access.json' with { type: 'json' };
import koTours from '../../content/i18n/ko/tours.json' with { type: 'json' };
import enTours from '../../content/i18n/en/tours.json' with { type: 'json' };
import zhTours from '../../content/i18n/zh/tours.json' with { type: 'json' };
import jaTours from '../../content/i18n/ja/tours.json' with { type: 'json' };
import koLostReasons from '../../content/i18n/ko/lostReasons.json' with { type: 'json' };
import enLostReasons from '../../content/i18n/en/lostReasons.json' with { type: 'json' };
import zhLostReasons from '../../content/i18n/zh/lostReasons.json' with { type: 'json' };
import jaLostReasons from '../../content/i18n/ja/lostReasons.json' with { type: 'json' };
import koPrivacyRequests from '../../content/i18n/ko/privacyRequests.json' with { type: 'json' };
import enPrivacyRequests from '../../content/i18n/en/privacyRequests.json' with { type: 'json' };
import zhPrivacyRequests from '../../content/i18n/zh/privacyRequests.json' with { type: 'json' };
import jaPrivacyRequests from '../../content/i18n/ja/privacyRequests.json' with { type: 'json' };
import koUnits from '../../content/i18n/ko/units.json' with { type: 'json' };
import enUnits from '../../content/i18n/en/units.json' with { type: 'json' };
import zhUnits from '../../content/i18n/zh/units.json' with { type: 'json' };
import jaUnits from '../../content/i18n/ja/units.json' with { type: 'json' };
import koBrands from '../../content/i18n/ko/brands.json' with { type: 'json' };
import enBrands from '../../content/i18n/en/brands.json' with { type: 'json' };
import zhBrands from '../../content/i18n/zh/brands.json' with { type: 'json' };
import jaBrands from '../../content/i18n/ja/brands.json' with { type: 'json' };
import koInquiryExtra from '../../content/i18n/ko/inquiryExtra.json' with { type: 'json' };
import enInquiryExtra from '../../content/i18n/en/inquiryExtra.json' with { type: 'json' };
import zhInquiryExtra from '../../content/i18n/zh/inquiryExtra.json' with { type: 'json' };
import jaInquiryExtra from '../../content/i18n/ja/inquiryExtra.json' with { type: 'json' };
import koDeals from '../../content/i18n/ko/deals.json' with { type: 'json' };
import enDeals from '../../content/i18n/en/deals.json' with { type: 'json' };
import zhDeals from '../../content/i18n/zh/deals.json' with { type: 'json' };
import jaDeals from '../../content/i18n/ja/deals.json' with { type: 'json' };
import koProposals from '../../content/i18n/ko/proposals.json' with { type: 'json' };
import enProposals from '../../content/i18n/en/proposals.json' with { type: 'json' };
import zhProposals from '../../content/i18n/zh/proposals.json' with { type: 'json' };
import jaProposals from '../../content/i18n/ja/proposals.json' with { type: 'json' };

export type ServerLocale = Locale;

/**
 * The texts functions write themselves (mails, CSV headers, error pages): the `inbox`, `mail`, `staffMail`
 * and `access` namespaces (and `tours` for the tour invitations; the brand categories, the floors' names, the one way to write a space and the form's extra fields for
 * the access copy's values and the export; `deals` and `proposals` for proposal mails and PDFs; `lostReasons` for the export), imported
 * so each function bundle carries them.
 */
const DICTIONARIES: Record<Locale, Dictionary> = {
  ko: { inbox: koInbox, mail: koMail, staffMail: koStaffMail, access: koAccess, tours: koTours, privacyRequests: koPrivacyRequests, brands: { category: koBrands.category }, units: { floor: koUnits.floor, space: koUnits.space }, inquiryExtra: koInquiryExtra, deals: koDeals, proposals: koProposals, lostReasons: koLostReasons },
  en: { inbox: enInbox, mail: enMail, staffMail: enStaffMail, access: enAccess, tours: enTours, privacyRequests: enPrivacyRequests, brands: { category: enBrands.category }, units: { floor: enUnits.floor, space: enUnits.space }, inquiryExtra: enInquiryExtra, deals: enDeals, proposals: enProposals, lostReasons: enLostReasons },
  zh: { inbox: zhInbox, mail: zhMail, staffMail: zhStaffMail, access: zhAccess, tours: zhTours, privacyRequests: zhPrivacyRequests, brands: { category: zhBrands.category }, units: { floor: zhUnits.floor, space: zhUnits.space }, inquiryExtra: zhInquiryExtra, deals: zhDeals, proposals: zhProposals, lostReasons: zhLostReasons },
  ja: { inbox: jaInbox, mail: jaMail, staffMail: jaStaffMail, access: jaAccess, tours: jaTours, privacyRequests: jaPrivacyRequests, brands: { category: jaBrands.category }, units: { floor: jaUnits.floor, space: jaUnits.space }, inquiryExtra: jaInquiryExtra, deals: jaDeals, proposals: jaProposals, lostReasons: jaLostReasons },
};

const translators = new Map<Locale, Translate>();

export function serverMessages(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createTranslator(flatten(DICTIONARIES[locale]))));
  return t;
}

/** A supported locale from a value (a query parameter, a stored inquiry's page language), else Korean. */
export function asLocale(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'ko';
}

/** The first supported language of an Accept-Language header, else Korean. */
export function localeFromAcceptLanguage(header: string | null): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().slice(0, 2);
    if ((LOCALES as readonly string[]).includes(tag)) return tag as Locale;
  }
  return 'ko';
}
