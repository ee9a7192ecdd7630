import type { Translate } from '~/i18n/translate';

/** A space as the team reads it in the panel's language — "8층 802호", "Floor 8 unit 802" — never its floor code. */
export function spaceLabel(unit: { floor: string; unitNumber: string }, t: Translate): string {
  const floorKey = `units.floor.${unit.floor}`;
  const floor = t(floorKey);
  return t('inbox.unitLabel', { floor: floor === floorKey ? unit.floor : floor, unit: unit.unitNumber });
}
