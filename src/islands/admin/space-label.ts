import type { Translate } from '~/i18n/translate';
import { spaceName } from '~/shared/units/space-name';

/** A space as the team reads it in the panel's language — "8층 802호", "Floor 8, Unit 802" — never its floor code. */
export function spaceLabel(unit: { floor: string; unitNumber: string | null }, t: Translate): string {
  return spaceName(t, unit);
}
