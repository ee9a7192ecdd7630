import * as v from 'valibot';
import { captionedPicture, LongText, picture, Text } from './shared.ts';

const Titled = v.object({ title: Text, text: LongText });

/**
 * A text that reads differently once the building stands complete (building.json `completion`): `before` in the
 * future tense, `after` in the present. The page picks one by the day it is built (src/content/completion.ts).
 */
const ByCompletion = <T extends typeof Text | typeof LongText>(text: T) => v.object({ before: text, after: text });

/** content/about/{locale}.json: the about page's copy in one language, with its images and their alt texts. */
export const AboutTextSchema = v.object({
  title: Text,
  subtitle: LongText,
  summary: v.object({
    title: Text,
    text: LongText,
    // Five lines here; the sixth, completion, is the building's date (building.json) under this label.
    specs: v.pipe(v.array(v.object({ label: Text, value: Text })), v.length(5, 'must list exactly 5 spec lines (completion is added from building.json)')),
    completionLabel: ByCompletion(Text),
    image: captionedPicture('building'),
  }),
  features: v.object({
    title: Text,
    subtitle: ByCompletion(LongText),
    completion: v.pipe(v.array(captionedPicture('building')), v.length(4, 'must show exactly 4 completion images')),
    cards: v.pipe(v.array(Titled), v.minLength(1, 'must list at least one feature')),
    bicycle: Titled,
  }),
  parking: v.object({
    title: Text,
    subtitle: LongText,
    gallery: v.object({ underground: captionedPicture('parking'), mechanical: captionedPicture('parking'), ev: captionedPicture('parking') }),
    info: v.pipe(v.array(Text), v.length(5, 'must list exactly 5 info lines')),
  }),
  market: v.object({
    title: Text,
    subtitle: LongText,
    location: Titled,
    footTraffic: Titled,
    businessEnvironment: Titled,
    overview: Titled,
    highlight: LongText,
    hospital: v.object({ title: Text, items: v.array(Titled) }),
    retail: v.object({ title: Text, items: v.array(Titled) }),
  }),
  ledWall: v.object({ title: Text, description: LongText, features: v.array(Text), videoTitle: Text, poster: picture('interior') }),
  videos: v.object({
    title: Text,
    text: ByCompletion(LongText),
    preview: v.object({ label: Text, title: Text, poster: picture('building') }),
    tour: v.object({ label: Text, title: Text }),
  }),
  cta: v.object({
    title: Text,
    text: LongText,
    advantages: v.object({ location: Titled, revenue: Titled, facility: Titled }),
    leasingRule: LongText,
  }),
});

export type AboutText = v.InferOutput<typeof AboutTextSchema>;
