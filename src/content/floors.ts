import type { Locale } from '../i18n/locales.ts';
import { loadContent, loadLocalized } from './load.ts';
import { ContentError } from './validate.ts';
import { FloorsDataSchema, FloorsTextSchema, type FloorSectionData, type FloorSectionText, type FloorsData, type FloorsText } from './schemas/floors.ts';

/** Korean floor areas are quoted in pyeong (평); 1 pyeong = 400/121 m². */
export const SQUARE_METRES_PER_PYEONG = 400 / 121;

export type FloorSection = FloorSectionData & FloorSectionText;

/**
 * The floors page in one language: facts from content/floors/data.json joined with the words and images of
 * content/floors/{locale}.json.
 */
export function loadFloors(locale: Locale) {
  const data = loadContent('content/floors/data.json', FloorsDataSchema);
  const text = loadLocalized('floors', locale, FloorsTextSchema);
  return { floorCount: data.floorCount, text, sections: joinFloors(`content/floors/${locale}.json`, data, text) };
}

/** Joins facts and words per section, by id; a section the two files disagree on fails the build naming `file`. */
export function joinFloors(file: string, data: FloorsData, text: FloorsText): FloorSection[] {
  return data.sections.map((facts, i) => {
    const words = text.sections[i];
    if (words?.id !== facts.id) {
      throw new ContentError(file, [{ path: `sections.${i}.id`, message: `must be "${facts.id}", the section content/floors/data.json lists there` }]);
    }
    return { ...facts, ...words };
  });
}
