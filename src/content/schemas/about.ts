import * as v from 'valibot';
import { ImageName, Text } from './shared.ts';
import { ImageText } from './media.ts';

const Titled = v.object({ title: Text, text: Text });

/** content/about/data.json: the page's images, the same in every language. */
export const AboutDataSchema = v.object({
  summaryImage: ImageName,
  completionImages: v.pipe(v.array(ImageName), v.length(4, 'must list exactly 4 completion images')),
  parkingImages: v.object({ underground: ImageName, mechanical: ImageName, ev: ImageName }),
  ledWallPoster: ImageName,
  previewPoster: ImageName,
});

/** content/about/{locale}.json: the about page's copy in one language. */
export const AboutTextSchema = v.object({
  title: Text,
  subtitle: Text,
  summary: v.object({
    title: Text,
    text: Text,
    specs: v.pipe(v.array(v.object({ label: Text, value: Text })), v.length(6, 'must list exactly 6 spec lines')),
    image: ImageText,
  }),
  features: v.object({
    title: Text,
    subtitle: Text,
    completion: v.pipe(v.array(ImageText), v.length(4, 'must describe exactly 4 completion images')),
    cards: v.pipe(v.array(Titled), v.minLength(1, 'must list at least one feature')),
    bicycle: Titled,
  }),
  parking: v.object({
    title: Text,
    subtitle: Text,
    gallery: v.object({ underground: ImageText, mechanical: ImageText, ev: ImageText }),
    info: v.pipe(v.array(Text), v.length(5, 'must list exactly 5 info lines')),
  }),
  market: v.object({
    title: Text,
    subtitle: Text,
    location: Titled,
    footTraffic: Titled,
    businessEnvironment: Titled,
    overview: Titled,
    highlight: Text,
    hospital: v.object({ title: Text, items: v.array(Titled) }),
    retail: v.object({ title: Text, items: v.array(Titled) }),
  }),
  ledWall: v.object({ title: Text, description: Text, features: v.array(Text), videoTitle: Text, posterAlt: Text }),
  videos: v.object({
    title: Text,
    text: Text,
    preview: v.object({ label: Text, title: Text, posterAlt: Text }),
    tour: v.object({ label: Text, title: Text }),
  }),
  cta: v.object({
    title: Text,
    text: Text,
    advantages: v.object({ location: Titled, revenue: Titled, facility: Titled }),
    leasingRule: Text,
  }),
});

export type AboutText = v.InferOutput<typeof AboutTextSchema>;
