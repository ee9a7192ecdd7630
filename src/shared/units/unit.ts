import * as v from 'valibot';
import { BRAND_CATEGORIES, FILTER_ALL } from '../brand.ts';
import { objectMessages } from '../object-messages.ts';
import { OBJECT_PATH_PATTERN } from '../uploads.ts';
import { UNIT_FLOORS, UNIT_STATUSES, unitNumberNamesOtherFloor, type UnitFloor, type UnitStatus, type UnitLanguage } from './basics.ts';

export * from './basics.ts';

/** A space's intended uses are the brand categories, so a unit and its future tenant speak the same words. */
export const UNIT_USES = BRAND_CATEGORIES;
export type UnitUse = (typeof UNIT_USES)[number];

export const UNIT_LIMITS = {
  unitNumber: 20,
  note: 1000,
  /** m²; the whole building is under 20,000 m². */
  area: 100_000,
  /** KRW; well inside Number.MAX_SAFE_INTEGER, so a price survives JSON and bigint alike. */
  price: 1_000_000_000_000,
} as const;

/** Validation messages are dictionary keys (content/i18n/<lang>/units.json), the same on the form and the server. */
const msg = (key: string) => `units.errors.${key}`;

const area = (required: string) =>
  v.pipe(
    v.number(msg(required)),
    v.finite(msg('areaInvalid')),
    v.gtValue(0, msg('areaPositive')),
    v.maxValue(UNIT_LIMITS.area, msg('areaTooLarge')),
  );

const price = v.optional(
  v.nullable(
    v.pipe(
      v.number(msg('priceInvalid')),
      v.integer(msg('priceInvalid')),
      v.minValue(0, msg('priceInvalid')),
      v.maxValue(UNIT_LIMITS.price, msg('priceInvalid')),
    ),
  ),
  null,
);

const noteText = v.optional(v.pipe(v.string(msg('noteInvalid')), v.trim(), v.maxLength(UNIT_LIMITS.note, msg('tooLong'))));

/**
 * The unit form, used by the admin form and by POST/PUT /api/units alike. Unknown fields are refused;
 * an empty note or date means "none".
 */
export const UnitInputSchema = v.pipe(
  v.strictObject(
    {
      floor: v.picklist(UNIT_FLOORS, msg('floorRequired')),
      unitNumber: v.pipe(
        v.string(msg('unitNumberRequired')),
        v.trim(),
        v.nonEmpty(msg('unitNumberRequired')),
        v.maxLength(UNIT_LIMITS.unitNumber, msg('tooLong')),
      ),
      exclusiveAreaM2: area('exclusiveAreaRequired'),
      supplyAreaM2: area('supplyAreaRequired'),
      uses: v.optional(
        v.pipe(v.array(v.picklist(UNIT_USES, msg('useInvalid')), msg('useInvalid')), v.maxLength(UNIT_USES.length, msg('useInvalid'))),
        [],
      ),
      status: v.optional(v.picklist(UNIT_STATUSES, msg('statusInvalid')), 'available'),
      availableFrom: v.optional(
        v.union(
          [v.null(), v.pipe(v.literal(''), v.transform(() => null)), v.pipe(v.string(), v.isoDate(msg('dateInvalid')), v.check(isRealDate, msg('dateInvalid')))],
          msg('dateInvalid'),
        ),
        null,
      ),
      monthlyRent: price,
      deposit: price,
      maintenanceFee: price,
      pricePublic: v.optional(v.boolean(msg('pricePublicInvalid')), false),
      plan: v.optional(
        v.union([v.null(), v.pipe(v.literal(''), v.transform(() => null)), v.pipe(v.string(), v.regex(OBJECT_PATH_PATTERN, msg('planInvalid')))], msg('planInvalid')),
        null,
      ),
      note: v.optional(
        v.strictObject({ ko: noteText, en: noteText, zh: noteText, ja: noteText }, objectMessages({}, msg('noteInvalid'), msg('unknownField'))),
        {},
      ),
    },
    objectMessages(
      {
        floor: msg('floorRequired'),
        unitNumber: msg('unitNumberRequired'),
        exclusiveAreaM2: msg('exclusiveAreaRequired'),
        supplyAreaM2: msg('supplyAreaRequired'),
      },
      msg('unknownField'),
      msg('unknownField'),
    ),
  ),
  v.forward(
    v.check((unit) => unit.supplyAreaM2 >= unit.exclusiveAreaM2, msg('supplyBelowExclusive')),
    ['supplyAreaM2'],
  ),
  // Judged as soon as floor and number are valid, even while other fields are not.
  v.forward(
    v.partialCheck([['floor'], ['unitNumber']], (unit) => !unitNumberNamesOtherFloor(unit.floor, unit.unitNumber), msg('unitNumberFloor')),
    ['unitNumber'],
  ),
  // Empty notes are dropped, so "no note" is always `{}` or a missing language, never "".
  v.transform((unit) => ({ ...unit, note: Object.fromEntries(Object.entries(unit.note).filter(([, text]) => text)) as UnitNote })),
);
export type UnitInput = v.InferOutput<typeof UnitInputSchema>;

/** YYYY-MM-DD that names a day of the calendar (isoDate alone accepts 2026-02-31). */
function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export type UnitNote = Partial<Record<UnitLanguage, string>>;

/** A stored unit as the API returns it. Prices are null when not public (or leased) for visitors. */
export interface Unit {
  id: string;
  floor: UnitFloor;
  unitNumber: string;
  exclusiveAreaM2: number;
  supplyAreaM2: number;
  uses: UnitUse[];
  status: UnitStatus;
  availableFrom: string | null;
  monthlyRent: number | null;
  deposit: number | null;
  maintenanceFee: number | null;
  pricePublic: boolean;
  plan: string | null;
  note: UnitNote;
  createdAt: string;
  updatedAt: string;
  /** The lost-update check's version (src/shared/versions.ts): a write sends it back as If-Match. */
  version: number;
  /**
   * The signed lease that governs the space (issue 40): its status and "available from" follow it and the form
   * does not edit them. Sent to the team only; visitors never get it.
   */
  lease?: { id: string; legalName: string; status: string; endsOn: string } | null;
}

const areaParam = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, msg('areaInvalid')), v.transform(Number));

/** Query of GET /api/units; an empty or 'all' value does not filter. Areas are exclusive m². */
export const UnitFilterSchema = v.strictObject({
  floor: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(UNIT_FLOORS)], msg('floorRequired'))),
  status: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(UNIT_STATUSES)], msg('statusInvalid'))),
  use: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(UNIT_USES)], msg('useInvalid'))),
  minArea: v.optional(areaParam),
  maxArea: v.optional(areaParam),
}, objectMessages({}, msg('unknownField'), msg('unknownField')));
export type UnitFilter = v.InferOutput<typeof UnitFilterSchema>;

/** The unit an inquiry is about, as the inquiry keeps it (readable even after the unit is deleted). */
export interface UnitSnapshot {
  floor: string;
  unitNumber: string;
}

/** The fields of a unit's input, as the conflict dialog compares an edit with what is stored (decision 033). */
export const UNIT_INPUT_FIELDS = [
  'floor', 'unitNumber', 'exclusiveAreaM2', 'supplyAreaM2', 'uses', 'status', 'availableFrom', 'monthlyRent', 'deposit', 'maintenanceFee', 'pricePublic', 'plan', 'note',
] as const satisfies readonly (keyof UnitInput)[];

/**
 * The form input that stores `unit` again unchanged: what an edit starts from, what a quick status
 * change sends with one field changed, and what an undo re-creates.
 */
export function inputFromUnit(unit: Unit): UnitInput {
  return {
    floor: unit.floor,
    unitNumber: unit.unitNumber,
    exclusiveAreaM2: unit.exclusiveAreaM2,
    supplyAreaM2: unit.supplyAreaM2,
    uses: unit.uses,
    status: unit.status,
    availableFrom: unit.availableFrom,
    monthlyRent: unit.monthlyRent,
    deposit: unit.deposit,
    maintenanceFee: unit.maintenanceFee,
    pricePublic: unit.pricePublic,
    plan: unit.plan,
    note: unit.note,
  };
}
