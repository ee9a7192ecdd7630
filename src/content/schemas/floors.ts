import * as v from 'valibot';
import { ImageName, Text } from './shared.ts';

/** Floor section ids, top to bottom of the page (spec §2 Floors). */
export const FLOOR_SECTION_IDS = ['b2', 'b1-1f', '1f', '2f', '3f', '4f-10f', '11f', '12f-13f', '14f'] as const;
/** Floor overview rows, bottom to top (spec §3); each row's id names its levels (see overviewIdOf). */
export const FLOOR_OVERVIEW_KEYS = ['B1', '1F', '2F', '3F', '4F-10F', '11F', '12F-13F', '14F'] as const;
/**
 * What a floor is used for, in machine-readable form: the overview rows and the sections each name
 * one, so a test can check that both halves of the page say the same about every level.
 */
export const FLOOR_USES = ['parking', 'grocery', 'retail', 'dining', 'beauty', 'medical', 'education', 'office', 'rooftop'] as const;
/** The merchandising plan directions, in order. */
export const MERCHANDISING_KEYS = ['topicality', 'diversity', 'convenience'] as const;
/** Business example images per floor (spec §9). */
export const MAX_FLOOR_EXAMPLE_IMAGES = 3;

/** Level numbers: -2 = B2, -1 = B1, 1 = 1F … 14 = 14F. */
const Level = v.pipe(v.number(), v.integer(), v.minValue(-2), v.maxValue(14), v.notValue(0, 'there is no level 0'));

/** How the plan of a floor is laid out; the illustration script draws from it. */
const PlanSchema = v.object({
  kind: v.picklist(['parking', 'retail', 'dining', 'medical', 'education', 'office', 'open', 'rooftop']),
  /** Tenant units around the core (0 for parking and open plans). */
  units: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(12)),
});

const Use = v.picklist(FLOOR_USES);

/** The label of a level range as the overview shows it: [4, 10] → '4F-10F', [-1, -1] → 'B1'. */
export function overviewIdOf([from, to]: readonly [number, number]): string {
  const label = (level: number) => (level < 0 ? `B${-level}` : `${level}F`);
  return from === to ? label(from) : `${label(from)}-${label(to)}`;
}

const OverviewRowSchema = v.pipe(
  v.object({ id: v.picklist(FLOOR_OVERVIEW_KEYS), levels: v.tuple([Level, Level]), use: Use }),
  v.forward(
    v.check((row) => overviewIdOf(row.levels) === row.id, 'the id must name the levels, e.g. levels [4, 10] → "4F-10F"'),
    ['id'],
  ),
);

const SectionDataSchema = v.object({
  id: v.picklist(FLOOR_SECTION_IDS),
  use: Use,
  levels: v.tuple([Level, Level]),
  areaPyeong: v.pipe(v.number(), v.minValue(1)),
  plan: PlanSchema,
  planImage: ImageName,
  locationImage: v.optional(ImageName),
  exampleImages: v.pipe(v.array(ImageName), v.maxLength(MAX_FLOOR_EXAMPLE_IMAGES)),
});

/** content/floors/data.json: facts that do not change with the language. */
export const FloorsDataSchema = v.pipe(
  v.object({
    floorCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
    layoutImage: ImageName,
    overview: v.pipe(v.array(OverviewRowSchema), v.length(FLOOR_OVERVIEW_KEYS.length)),
    sections: v.pipe(v.array(SectionDataSchema), v.length(FLOOR_SECTION_IDS.length)),
  }),
  v.forward(
    v.check(
      (data) => data.overview.every((row, i) => row.id === FLOOR_OVERVIEW_KEYS[i]),
      `must list the overview rows in this order: ${FLOOR_OVERVIEW_KEYS.join(', ')}`,
    ),
    ['overview'],
  ),
  v.forward(
    v.check(
      (data) => data.sections.every((s, i) => s.id === FLOOR_SECTION_IDS[i]),
      `must list the sections in this order: ${FLOOR_SECTION_IDS.join(', ')}`,
    ),
    ['sections'],
  ),
  v.forward(
    v.check((data) => data.sections[0]?.exampleImages.length === 0, 'b2 has no example images'),
    ['sections'],
  ),
);

const SectionTextSchema = v.object({
  name: Text,
  businessType: Text,
  description: Text,
  examples: v.pipe(v.array(Text), v.minLength(1)),
  highlights: v.pipe(v.array(Text), v.minLength(1)),
  planAlt: Text,
  locationAlt: v.optional(Text),
  exampleAlts: v.pipe(v.array(Text), v.maxLength(MAX_FLOOR_EXAMPLE_IMAGES)),
});

const OverviewTextSchema = v.object({ name: Text, type: Text, description: Text });

const byKeys = <K extends string, S extends v.GenericSchema>(keys: readonly K[], schema: S) =>
  v.strictObject(Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>);

/** content/floors/{locale}.json: the words of the floors page in one language. */
export const FloorsTextSchema = v.object({
  complexType: Text,
  layoutAlt: Text,
  merchandising: byKeys(MERCHANDISING_KEYS, v.object({ title: Text, description: Text })),
  overview: byKeys(FLOOR_OVERVIEW_KEYS, OverviewTextSchema),
  sections: byKeys(FLOOR_SECTION_IDS, SectionTextSchema),
});

export type FloorsData = v.InferOutput<typeof FloorsDataSchema>;
export type FloorsText = v.InferOutput<typeof FloorsTextSchema>;
export type FloorSectionData = FloorsData['sections'][number];
