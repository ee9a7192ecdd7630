import * as v from 'valibot';
import { cms } from './shared.ts';

/** Where the brochure PDFs live; the download function reads the file a language's brochure names. */
export const BROCHURE_DIR = 'content/brochures';

const text = v.pipe(v.string(), v.nonEmpty());

/** content/brochures/data.json: the facts printed in every language's brochure. */
export const BrochureDataSchema = v.strictObject({
  /** The editor's JSON Schema (content/.schemas/), ignored here. */
  $schema: v.optional(v.string()),
  name: text,
  postalCode: text,
  phone: text,
  floors: text,
  totalFloorArea: text,
  siteArea: text,
  buildingArea: text,
  parking: v.number(),
  mechanicalParking: v.number(),
  elevators: v.number(),
  passengerElevators: v.number(),
  emergencyElevators: v.number(),
  completion: text,
  ceilingHeight: text,
  ledWall: text,
  dailyFootTraffic: text,
  officeWorkers: text,
  clinics: text,
});

/** content/brochures/{locale}.json: the brochure's words in one language. */
export const BrochureTextSchema = v.strictObject({
  /** The editor's JSON Schema (content/.schemas/), ignored here. */
  $schema: v.optional(v.string()),
  /** The PDF visitors download in this language, by its path from the repository root (`npm run make-brochures` prints /content/brochures/b-tower-<lang>.pdf). */
  pdf: v.pipe(
    v.string(),
    v.regex(/^\/content\/brochures\/[a-zA-Z0-9][\w.-]*\.(pdf|PDF)$/, `must be a PDF file in /${BROCHURE_DIR}/, such as /${BROCHURE_DIR}/b-tower-en.pdf`),
    v.title('브로슈어 PDF'),
    cms({ widget: 'file', media: { folder: BROCHURE_DIR, public: `/${BROCHURE_DIR}` } }),
  ),
  title: text,
  tagline: text,
  intro: text,
  address: text,
  factsTitle: text,
  facts: v.strictObject({
    floors: text,
    totalFloorArea: text,
    siteArea: text,
    buildingArea: text,
    parking: text,
    parkingValue: text,
    elevators: text,
    elevatorsValue: text,
    completion: text,
    completionValue: text,
    ceiling: text,
    ceilingValue: text,
  }),
  highlightsTitle: text,
  highlights: v.pipe(v.array(text), v.minLength(1)),
  locationTitle: text,
  location: text,
  contactTitle: text,
  contact: text,
  footer: text,
});

export type BrochureData = v.InferOutput<typeof BrochureDataSchema>;
export type BrochureText = v.InferOutput<typeof BrochureTextSchema>;
