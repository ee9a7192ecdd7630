import * as v from 'valibot';
import { cms, LongText, picture, Text } from './shared.ts';

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
});

/** content/floors/data.json: facts that do not change with the language. */
export const FloorsDataSchema = v.pipe(
  v.object({
    floorCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
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
);

/** The id of an overview row or section in a language file: one of the building's fixed set, in every language. */
const fixedId = <const T extends readonly string[]>(ids: T) => v.pipe(v.picklist(ids), v.title('ID'), cms({ i18n: 'duplicate' }));

const SectionTextSchema = v.object({
  id: fixedId(FLOOR_SECTION_IDS),
  name: Text,
  businessType: Text,
  description: LongText,
  examples: v.pipe(v.array(Text), v.minLength(1)),
  highlights: v.pipe(v.array(Text), v.minLength(1)),
  planImage: picture('floors'),
  locationImage: v.optional(picture('floors')),
  // Optional (b2 has none): the CMS leaves an empty list out of the file.
  exampleImages: v.optional(v.pipe(v.array(picture('floors/examples')), v.maxLength(MAX_FLOOR_EXAMPLE_IMAGES)), []),
});

const OverviewTextSchema = v.object({ id: fixedId(FLOOR_OVERVIEW_KEYS), name: Text, type: Text, description: LongText });

/** A list with one item per id, in the order of `ids` (the order the page shows them). */
const inOrder = <S extends v.GenericSchema<{ id: string }>>(item: S, ids: readonly string[]) =>
  v.pipe(
    v.array(item),
    v.length(ids.length, `must list ${ids.length} items: ${ids.join(', ')}`),
    v.check((items) => items.every((it, i) => it.id === ids[i]), `must list the items in this order: ${ids.join(', ')}`),
  );

/** content/floors/{locale}.json: the words of the floors page in one language, with its images. */
export const FloorsTextSchema = v.pipe(
  v.object({
    complexType: Text,
    layoutImage: picture('floors'),
    merchandising: v.strictObject(
      Object.fromEntries(MERCHANDISING_KEYS.map((k) => [k, v.object({ title: Text, description: LongText })])) as Record<
        (typeof MERCHANDISING_KEYS)[number],
        v.ObjectSchema<{ title: typeof Text; description: typeof LongText }, undefined>
      >,
    ),
    overview: inOrder(OverviewTextSchema, FLOOR_OVERVIEW_KEYS),
    sections: inOrder(SectionTextSchema, FLOOR_SECTION_IDS),
  }),
  v.forward(
    v.check(({ sections }) => sections[0]?.exampleImages.length === 0, 'b2 has no example images'),
    ['sections', 0, 'exampleImages'] as never,
  ),
);

export type FloorsData = v.InferOutput<typeof FloorsDataSchema>;
export type FloorsText = v.InferOutput<typeof FloorsTextSchema>;
export type FloorSectionData = FloorsData['sections'][number];
export type FloorSectionText = FloorsText['sections'][number];
