/**
 * A floor drawn as a row of its spaces, each box as wide as its share of the floor's area (a minimum keeps a
 * number legible), this space marked: how the spec sheet and the space's page show which space on a floor's plan
 * card is this one (the card shows the floor, not its unit numbers).
 */
export interface FloorRowBox {
  id: string;
  unitNumber: string;
  x: number;
  width: number;
  /** The space the sheet or page is about. */
  mine: boolean;
}

/**
 * The boxes of `units` (in the plan's order) across `width`, `gap` apart, none narrower than `minimum` before
 * they are scaled to fit together.
 * @example floorRowBoxes([{ id: 'a', unitNumber: '801', exclusiveAreaM2: 100 }, { id: 'b', unitNumber: '802', exclusiveAreaM2: 300 }], 'b', 400, { gap: 0, minimum: 0 })
 * // [{ id: 'a', unitNumber: '801', x: 0, width: 100, mine: false }, { id: 'b', unitNumber: '802', x: 100, width: 300, mine: true }]
 */
export function floorRowBoxes(
  units: readonly { id: string; unitNumber: string; exclusiveAreaM2: number }[],
  thisId: string,
  width: number,
  { gap, minimum }: { gap: number; minimum: number },
): FloorRowBox[] {
  const total = units.reduce((sum, unit) => sum + unit.exclusiveAreaM2, 0) || 1;
  const free = width - gap * (units.length - 1);
  const raw = units.map((unit) => Math.max(minimum, (unit.exclusiveAreaM2 / total) * free));
  const scale = free / (raw.reduce((sum, w) => sum + w, 0) || 1);
  let x = 0;
  return units.map((unit, index) => {
    const box = { id: unit.id, unitNumber: unit.unitNumber, x, width: raw[index]! * scale, mine: unit.id === thisId };
    x += box.width + gap;
    return box;
  });
}
