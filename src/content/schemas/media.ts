import * as v from 'valibot';

/** A YouTube video id (the part after watch?v=). */
export const VideoId = v.pipe(v.string(), v.regex(/^[\w-]{11}$/, 'must be an 11-character YouTube video id'));
