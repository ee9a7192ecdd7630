import * as v from 'valibot';
import { captionedPicture, listId, Text } from './shared.ts';

/** A construction photo: the image once, its alt text and caption in each language's file. */
const Photo = captionedPicture('construction');

const Period = v.object({
  id: v.pipe(listId('2026h1'), v.regex(/^\d{4}h[12]$/, 'must name a half-year, such as 2026h1 or 2026h2'), v.title('반기')),
  title: v.pipe(Text, v.title('제목')),
  status: v.pipe(Text, v.title('공정 상태')),
  photos: v.pipe(v.array(Photo), v.minLength(1, 'must show at least one photo'), v.title('사진')),
});

/**
 * content/construction/{locale}.json: the construction record, half-year by half-year in the order listed.
 * A new half-year is a new item: the page shows whatever periods the file lists.
 */
export const ConstructionTextSchema = v.pipe(
  v.object({
    periods: v.pipe(v.array(Period), v.minLength(1, 'must list at least one half-year'), v.title('반기별 공정')),
  }),
  v.forward(
    v.check(({ periods }) => new Set(periods.map((p) => p.id)).size === periods.length, 'each half-year may be listed only once'),
    ['periods'],
  ),
);

export type ConstructionText = v.InferOutput<typeof ConstructionTextSchema>;
