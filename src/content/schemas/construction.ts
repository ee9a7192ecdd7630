import * as v from 'valibot';
import { ImageName, Text } from './shared.ts';
import { ImageText } from './media.ts';

/** The half-year periods the construction record covers, oldest first (spec §3). */
export const PERIODS = ['2024h1', '2024h2', '2025h1', '2025h2'] as const;
export type Period = (typeof PERIODS)[number];

const PhotoList = v.pipe(v.array(ImageName), v.minLength(1, 'must list at least one photo'));

/** content/construction/data.json: each period's photos. */
export const ConstructionDataSchema = v.object(
  Object.fromEntries(PERIODS.map((p) => [p, v.object({ photos: PhotoList })])) as Record<Period, v.ObjectSchema<{ photos: typeof PhotoList }, undefined>>,
);

const PeriodText = v.object({ title: Text, status: Text, photos: v.array(ImageText) });

/** content/construction/{locale}.json: each period's title, status and photo descriptions. */
export const ConstructionTextSchema = v.object(
  Object.fromEntries(PERIODS.map((p) => [p, PeriodText])) as Record<Period, typeof PeriodText>,
);
