import * as v from 'valibot';
import { VideoId } from './media.ts';

const Positive = v.pipe(v.number(), v.minValue(0, 'must be a positive number'));
const Count = v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'));

/** content/building.json: the building's facts, the same in every language. */
export const BuildingSchema = v.pipe(
  v.object({
    areas: v.object({ totalFloorM2: Positive, siteM2: Positive, buildingM2: Positive }),
    floors: v.object({ basement: Count, above: Count }),
    parking: v.object({ total: Count, mechanical: Count }),
    elevators: v.object({ passenger: Count, emergency: Count }),
    completion: v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')),
    ceilingHeightMaxM: Positive,
    ledWall: v.object({ widthPx: Count, heightPx: Count, resolution: v.string() }),
    market: v.object({ dailyFootTraffic: Count, officeWorkers500m: Count, clinics500m: Count }),
    leasing: v.object({ minOperatingYears: Count, listedCompaniesAccepted: v.boolean(), foreignFirmsMayBeExempt: v.boolean() }),
    videos: v.object({ hero: VideoId, ledWall: VideoId, interior: VideoId, preview: VideoId, tour: VideoId }),
  }),
  v.check((b) => b.parking.mechanical <= b.parking.total, 'parking.mechanical cannot exceed parking.total'),
);

export type Building = v.InferOutput<typeof BuildingSchema>;
