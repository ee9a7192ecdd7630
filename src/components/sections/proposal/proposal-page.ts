import type { Locale } from '~/i18n/locales';
import { LOCALE_TAGS } from '~/i18n/locales';
import { islandMessages } from '~/content/dictionaries';
import type { ProposalPageConfig } from '~/scripts/proposal-page/config';

/** The words the proposal page's script reads (the page's HTML holds the rest): no more, they are in the page. */
const SCRIPT_WORDS = [
  'proposalPage', 'proposals.errors', 'deals.terms', 'deals.metrics.perM2', 'deals.metrics.perPyeong', 'brands.category', 'units.floor', 'units.space',
] as const;

export function proposalPageConfig(locale: Locale): ProposalPageConfig {
  return { locale, tag: LOCALE_TAGS[locale], words: islandMessages(locale, SCRIPT_WORDS) };
}
