import * as v from 'valibot';
import { LongText, picture, Text } from './shared.ts';

export const PERSPECTIVES = ['exterior', 'interior', 'lobby', 'office'] as const;

const Perspective = v.object({ title: Text, description: LongText, image: picture('building') });

/** content/architecture/{locale}.json: the architecture page's copy in one language, with its images. */
export const ArchitectureTextSchema = v.object({
  title: Text,
  subtitle: LongText,
  perspectives: v.object({
    title: Text,
    subtitle: LongText,
    exterior: Perspective,
    interior: Perspective,
    lobby: Perspective,
    office: Perspective,
  }),
  interiorVideo: v.object({ title: Text, description: LongText, videoTitle: Text, poster: picture('interior') }),
  construction: v.object({ title: Text, subtitle: LongText }),
});

export type ArchitectureText = v.InferOutput<typeof ArchitectureTextSchema>;
