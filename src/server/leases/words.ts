import koLeases from '../../../content/i18n/ko/leases.json' with { type: 'json' };
import enLeases from '../../../content/i18n/en/leases.json' with { type: 'json' };
import zhLeases from '../../../content/i18n/zh/leases.json' with { type: 'json' };
import jaLeases from '../../../content/i18n/ja/leases.json' with { type: 'json' };
import type { Locale } from '../../i18n/locales.ts';
import { createTranslator, flatten, type Dictionary, type Translate } from '../../i18n/translate.ts';

/**
 * The `leases` namespace for what the lease server writes itself (mails, the schedule's CSV), imported here so the
 * functions that write them carry it (src/server/i18n.ts holds the namespaces every function shares).
 */
const DICTIONARIES: Record<Locale, Dictionary> = { ko: { leases: koLeases }, en: { leases: enLeases }, zh: { leases: zhLeases }, ja: { leases: jaLeases } };

const translators = new Map<Locale, Translate>();

export function leaseMessages(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createTranslator(flatten(DICTIONARIES[locale]))));
  return t;
}
