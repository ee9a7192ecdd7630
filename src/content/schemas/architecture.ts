import * as v from 'valibot';
import { ImageName, Text } from './shared.ts';
import { ImageText } from './media.ts';

const PERSPECTIVES = ['exterior', 'interior', 'lobby', 'office'] as const;

/** content/architecture/data.json: the four perspective images and the interior video's poster. */
export const ArchitectureDataSchema = v.object({
  perspectives: v.object(Object.fromEntries(PERSPECTIVES.map((k) => [k, ImageName])) as Record<(typeof PERSPECTIVES)[number], typeof ImageName>),
  interiorPoster: ImageName,
});

const Perspective = v.object({ title: Text, description: Text, image: ImageText });

/** content/architecture/{locale}.json: the architecture page's copy in one language. */
export const ArchitectureTextSchema = v.object({
  title: Text,
  subtitle: Text,
  perspectives: v.object({
    title: Text,
    subtitle: Text,
    exterior: Perspective,
    interior: Perspective,
    lobby: Perspective,
    office: Perspective,
  }),
  interiorVideo: v.object({ title: Text, description: Text, videoTitle: Text, posterAlt: Text }),
  construction: v.object({ title: Text, subtitle: Text }),
});

export { PERSPECTIVES };
