import * as v from 'valibot';
import { LongText, picture, Text } from './shared.ts';

/** Bus route groups, in the order they are shown (spec §2 Directions). */
export const BUS_GROUPS = ['village', 'regular', 'trunk', 'branch', 'metropolitan'] as const;
/** Branch routes shown before the visitor asks for the rest (spec §9). */
export const BRANCH_BUS_VISIBLE = 8;
/** Navigation apps the directions page links to (src/content/map-links.ts builds the links). */
export const NAVIGATION_APPS = ['kakaoMap', 'naverMap', 'tmap'] as const;
export type NavigationApp = (typeof NAVIGATION_APPS)[number];
export const LOCATION_FEATURE_COUNT = 5;

const Route = v.pipe(v.string(), v.regex(/^[A-Z]?[0-9]{2,4}(-[0-9])?$/, 'must be a route number such as 5413 or 02'));
const RouteList = v.pipe(v.array(Route), v.minLength(1));
/** Minutes, metres and exit numbers. */
const PositiveInt = v.pipe(v.number(), v.integer(), v.minValue(1));
/** WGS 84 degrees, as map services and schema.org GeoCoordinates take them. */
const Degrees = (limit: number) =>
  v.pipe(v.number(), v.minValue(-limit, `must be between -${limit} and ${limit}`), v.maxValue(limit, `must be between -${limit} and ${limit}`));

/** content/directions/data.json: facts that do not change with the language. */
export const DirectionsDataSchema = v.object({
  postalCode: v.pipe(v.string(), v.regex(/^[0-9]{5}$/, 'must be a 5-digit postal code')),
  phone: v.pipe(v.string(), v.regex(/^0[0-9]{1,2}-[0-9]{3,4}-[0-9]{4}$/, 'must be a phone number such as 02-871-3300')),
  /** Where the building stands (the point the map embed's address query shows), for search engines' JSON-LD. */
  geo: v.strictObject({ latitude: Degrees(90), longitude: Degrees(180) }),
  mapEmbedUrl: v.pipe(
    v.string(),
    v.url('must be a URL'),
    v.startsWith('https://www.google.com/maps', 'must be a Google Maps embed URL'),
    v.includes('output=embed', 'must be an embed URL (output=embed)'),
  ),
  mapLinkUrl: v.pipe(v.string(), v.url('must be a URL'), v.startsWith('https://', 'must use https')),
  bus: v.strictObject({
    village: RouteList,
    regular: RouteList,
    trunk: RouteList,
    branch: RouteList,
    metropolitan: RouteList,
  }),
  subway: v.object({
    line2: v.object({ exit: PositiveInt, walkMinutes: PositiveInt, walkMeters: PositiveInt }),
    sillimLine: v.object({ exit: PositiveInt, walkMinutes: PositiveInt, stepFree: v.boolean() }),
  }),
  navigationApps: v.pipe(v.array(v.picklist(NAVIGATION_APPS)), v.length(NAVIGATION_APPS.length)),
});

const Feature = v.object({ title: Text, description: LongText, image: picture('directions') });

/** content/directions/{locale}.json: the words of the directions page in one language. */
export const DirectionsTextSchema = v.object({
  address: Text,
  addressDetail: Text,
  mapImage: picture('directions'),
  locationImage: picture('directions'),
  villagePrefix: Text,
  line2: v.object({ station: Text, note: LongText }),
  sillimLine: v.object({ station: Text, accessibility: LongText }),
  navigationApps: v.strictObject({ kakaoMap: Text, naverMap: Text, tmap: Text }),
  /** Where and how a visitor parks: the one text the directions page and the tour mails both show. */
  parking: LongText,
  features: v.pipe(v.array(Feature), v.length(LOCATION_FEATURE_COUNT)),
});

export type DirectionsData = v.InferOutput<typeof DirectionsDataSchema>;
export type DirectionsText = v.InferOutput<typeof DirectionsTextSchema>;
