import * as v from 'valibot';

/** The most items `?limit=` may ask of a public list (GET /api/brands, later units). */
export const LIST_LIMIT_MAX = 100;

/**
 * `?limit=N` of a public list: the first N items in the list's own order (newest first for brands).
 * Without it the list is whole, as the spec's unfiltered list has always been.
 */
export const ListLimitSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^[1-9]\d{0,2}$/, 'limit must be an integer from 1 to 100'),
    v.transform(Number),
    v.maxValue(LIST_LIMIT_MAX, 'limit must be an integer from 1 to 100'),
  ),
);

/** The `limit` of a list's query, named so an invalid one is reported as `fields.limit`. */
export const ListQuerySchema = v.object({ limit: ListLimitSchema });
