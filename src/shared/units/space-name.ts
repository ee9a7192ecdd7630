import type { Translate } from '../../i18n/translate.ts';

/**
 * A floor code as the reader's language names it (`units.floor.*`): 8F → "8층" / "Floor 8", B1 → "지하 1층" /
 * "Basement 1"; a code the dictionary does not know is shown as it is.
 */
export function floorName(t: Translate, floor: string): string {
  const key = `units.floor.${floor.toUpperCase()}`;
  const name = t(key);
  return name === key ? floor : name;
}

/**
 * A space, written one way in each language (`units.space`) wherever a person reads it — pages, the contact form,
 * mails, the panel, CSV, PDFs: "4층 401호", "Floor 4, Unit 401", "4层 401单元", "4階 401区画".
 * @example spaceName(t, { floor: '4F', unitNumber: '401' }) // '4층 401호' with Korean words
 */
export function spaceName(t: Translate, unit: { floor: string; unitNumber: string | null }): string {
  return t('units.space', { floor: floorName(t, unit.floor), unit: unit.unitNumber ?? '' });
}
