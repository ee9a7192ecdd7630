import * as v from 'valibot';

/** Non-empty text an editor writes. */
export const Text = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));

/** An illustration's path under src/assets/illustrations/, without .svg. */
export const IllustrationName = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be an illustration path such as building/facade-day'),
);

/** A YouTube video id (the part after watch?v=). */
export const VideoId = v.pipe(v.string(), v.regex(/^[\w-]{11}$/, 'must be an 11-character YouTube video id'));

/** An image's alt text with an optional caption. */
export const ImageText = v.object({ alt: Text, caption: v.optional(Text) });
