import { loadContent, loadLocalized } from './load.ts';
import { messagesFor, useTranslations } from './dictionaries.ts';
import { loadFloors } from './floors.ts';
import { loadUnitsContent } from './units.ts';
import { DirectionsDataSchema, DirectionsTextSchema } from './schemas/directions.ts';
import { LOCALE_TAGS, type Locale } from '../i18n/locales.ts';
import { pickMessages } from '../i18n/translate.ts';
import { buildingJsonLdFor } from '../seo/building.ts';
import { UNIT_FLOORS } from '../shared/units/basics.ts';
import type { FloorCard, ShareWords } from '../shared/share-shell.ts';

/** The dictionary namespaces share pages and spec sheets speak from. */
const NAMESPACES = ['units', 'brands', 'status', 'ui.lightbox', 'meta.siteName', 'nav', 'common'];

/** A floor section's card: /og/floors/<section>.png (src/pages/og/floors/[section].png.ts). */
export const floorCardPath = (sectionId: string) => `/og/floors/${sectionId}.png`;

/** Level number → floor code: -1 → B1, 8 → 8F. */
const floorOfLevel = (level: number) => (level < 0 ? `B${-level}` : `${level}F`);

/** Each floor's card: the plan of the floor section that covers it, with that plan's alt text. */
export function floorCards(locale: Locale): Record<string, FloorCard> {
  const cards: Record<string, FloorCard> = {};
  for (const section of loadFloors(locale).sections) {
    for (let level = section.levels[0]; level <= section.levels[1]; level++) {
      const floor = floorOfLevel(level);
      if (level !== 0 && UNIT_FLOORS.includes(floor)) cards[floor] ??= { path: floorCardPath(section.id), alt: section.planImage.alt };
    }
  }
  return cards;
}

/** Everything a share function needs in `locale`, checked by the build's content loaders. */
export function shareWords(locale: Locale, site: URL): ShareWords {
  const data = loadContent('content/directions/data.json', DirectionsDataSchema);
  const text = loadLocalized('directions', locale, DirectionsTextSchema);
  const { estimate } = loadUnitsContent();
  return {
    locale,
    tag: LOCALE_TAGS[locale],
    text: pickMessages(messagesFor(locale), NAMESPACES),
    building: { name: useTranslations(locale)('meta.siteName'), address: text.address, addressDetail: text.addressDetail, phone: data.phone, postalCode: data.postalCode },
    buildingJsonLd: buildingJsonLdFor(locale, site),
    rate: { value: estimate.annualRatePercent, min: estimate.minRatePercent, max: estimate.maxRatePercent },
    floorCards: floorCards(locale),
  };
}
