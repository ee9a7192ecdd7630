import * as v from 'valibot';
import { Text } from './shared.ts';

/** A YouTube video id (the part after watch?v=). */
export const VideoId = v.pipe(v.string(), v.regex(/^[\w-]{11}$/, 'must be an 11-character YouTube video id'));

/** An image's alt text with an optional caption. */
export const ImageText = v.object({ alt: Text, caption: v.optional(Text) });
