import type { Locale } from '../i18n/locales.ts';
import { loadContent, loadLocalized } from './load.ts';
import { ContentError } from './validate.ts';
import { FloorsDataSchema, FloorsTextSchema, type FloorSectionData, type FloorsData, type FloorsText } from './schemas/floors.ts';

/** Korean floor areas are quoted in pyeong (평); 1 pyeong = 400/121 m². */
export const SQUARE_METRES_PER_PYEONG = 400 / 121;

export type FloorSection = FloorSectionData & FloorsText['sections'][FloorSectionData['id']];

/**
 * The floors page in one language: facts from content/floors/data.json joined with the words of
 * content/floors/{locale}.json.
 */
export function loadFloors(locale: Locale) {
  const data = loadContent('content/floors/data.json', FloorsDataSchema);
  const text = loadLocalized('floors', locale, FloorsTextSchema);
  return { floorCount: data.floorCount, layoutImage: data.layoutImage, text, sections: joinFloors(`content/floors/${locale}.json`, data, text) };
}

/** Joins facts and words per section. Every image needs its alt text, so a count mismatch fails the build naming `file`. */
export function joinFloors(file: string, data: FloorsData, text: FloorsText): FloorSection[] {
  return data.sections.map((facts) => {
    const words = text.sections[facts.id];
    if (words.exampleAlts.length !== facts.exampleImages.length) {
      throw new ContentError(file, [
        { path: `sections.${facts.id}.exampleAlts`, message: `needs ${facts.exampleImages.length} alt texts, one per example image` },
      ]);
    }
    if (facts.locationImage && !words.locationAlt) {
      throw new ContentError(file, [{ path: `sections.${facts.id}.locationAlt`, message: 'the floor has a location image and needs its alt text' }]);
    }
    return { ...facts, ...words };
  });
}
