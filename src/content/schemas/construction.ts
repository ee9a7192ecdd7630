import * as v from 'valibot';
import { captionedPicture, listId, Text } from './shared.ts';

const HALF_YEAR = /^\d{4}h[12]$/;
const HALF_YEAR_MESSAGE = 'must name a half-year, such as 2026h1 or 2026h2';

const Period = v.object({
  id: listId(HALF_YEAR, HALF_YEAR_MESSAGE, '반기'),
  title: v.pipe(Text, v.title('제목')),
  status: v.pipe(Text, v.title('공정 상태')),
});

/** A construction photo: the image once, its alt text and caption in each language's file. */
const Photo = v.object({
  period: listId(HALF_YEAR, HALF_YEAR_MESSAGE, '반기'),
  ...captionedPicture('construction').entries,
});

/**
 * content/construction/{locale}.json: the construction record, half-year by half-year in the order listed,
 * and its photos, each naming its half-year. A new half-year is a new item of `periods`, a new photo a new
 * item of `photos`: the page shows whatever the file lists. (One list each, not photos inside their period:
 * the CMS copies an item added in Korean into the other languages only for lists that are not inside an
 * item added in the same edit, decision 019.)
 */
export const ConstructionTextSchema = v.pipe(
  v.object({
    periods: v.pipe(v.array(Period), v.minLength(1, 'must list at least one half-year'), v.title('반기별 공정')),
    photos: v.pipe(v.array(Photo), v.minLength(1, 'must show at least one photo'), v.title('공사 사진')),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { periods, photos } = dataset.value;
    const ids = periods.map((p) => p.id);
    periods.forEach((period, i) => {
      if (ids.indexOf(period.id) !== i) {
        addIssue({ message: `${period.id} is listed twice`, path: issuePath('periods', i, 'id') });
      } else if (!photos.some((photo) => photo.period === period.id)) {
        addIssue({ message: `${period.id} has no photo: add one to photos`, path: issuePath('periods', i, 'id') });
      }
    });
    photos.forEach((photo, i) => {
      if (!ids.includes(photo.period)) {
        addIssue({ message: `names ${photo.period}, which periods does not list`, path: issuePath('photos', i, 'period') });
      }
    });
  }),
);

/** An issue path as valibot reports one, so the build's message names the field, e.g. periods.4.id. */
function issuePath(...keys: (string | number)[]) {
  return keys.map((key) => ({ type: 'unknown', origin: 'value', input: undefined, key, value: undefined })) as unknown as [v.IssuePathItem, ...v.IssuePathItem[]];
}

export type ConstructionText = v.InferOutput<typeof ConstructionTextSchema>;
