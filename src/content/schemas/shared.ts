import * as v from 'valibot';
import { checkMarkdown, MARKDOWN_ALLOWED } from '../markdown.ts';

/**
 * What the CMS needs to know about a field beyond its type and rules (src/cms/config.ts reads it from
 * the JSON Schema, where `v.metadata` lands): how it is edited, and how its value relates across the
 * four language files of an area. `duplicate` values (ids, image files) are entered once, in Korean,
 * and copied into every language file; the build checks that the files agree (src/content/load.ts).
 */
export interface CmsHints {
  widget?: 'image' | 'file' | 'markdown' | 'text';
  /**
   * Uploads of an image or file field: the repository folder they are written to, and the prefix the
   * field's value gets (the value is `<public>/<file name>`, the path the site's code resolves).
   */
  media?: { folder: string; public: string };
  i18n?: 'duplicate';
}
export function cms<TInput>(hints: CmsHints) {
  return v.metadata<TInput, { readonly 'x-cms': CmsHints }>({ 'x-cms': hints });
}

/** A non-empty line of editor text. */
export const Text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));

/** A longer editor text, edited in a multi-line box. */
export const LongText = v.pipe(Text, cms({ widget: 'text' }));

/** Where images live; a content file names them relative to it, with their extension. */
export const IMAGE_DIR = 'src/assets/illustrations';
export const IMAGE_EXTENSIONS = ['svg', 'jpg', 'jpeg', 'png', 'webp'] as const;

/**
 * An image under src/assets/illustrations/, by its path from the repository root with its extension:
 * '/src/assets/illustrations/floors/plan-b2.svg' (a drawing) or '/src/assets/illustrations/construction/
 * 2026h1-1.jpg' (a photo), the form the CMS writes for an upload. Photos (JPEG, PNG, WebP) are resized and
 * converted by the build like the drawings. Upper-case extensions are accepted: phones name photos so.
 */
export const imageFile = (folder: string) =>
  v.pipe(
    v.string(),
    v.regex(
      /^\/src\/assets\/illustrations(\/[\w-][\w.-]*)+\.(svg|jpe?g|png|webp|SVG|JPE?G|PNG|WEBP)$/,
      `must be an image in /${IMAGE_DIR}/ named with its extension, such as /${IMAGE_DIR}/${folder}/photo.jpg`,
    ),
    v.title('이미지'),
    cms({ widget: 'image', media: { folder: `${IMAGE_DIR}/${folder}`, public: `/${IMAGE_DIR}/${folder}` }, i18n: 'duplicate' }),
  );

/** An image with its alt text, written once per language beside the image it describes. */
export const picture = (folder: string) => v.object({ file: imageFile(folder), alt: v.pipe(Text, v.title('대체 텍스트'), v.description('화면을 볼 수 없는 방문자에게 읽어 주는 이미지 설명')) });

/** An image with its alt text and an optional caption shown under it, once per language. */
export const captionedPicture = (folder: string) =>
  v.object({ ...picture(folder).entries, caption: v.optional(v.pipe(Text, v.title('캡션'))) });

/**
 * An item's id in a list an editor extends (a half-year): the same in every language file, so the CMS
 * copies it from Korean and the build checks it.
 */
export const listId = (pattern: RegExp, message: string, title = 'ID') =>
  v.pipe(v.string(), v.regex(pattern, message), v.title(title), cms({ i18n: 'duplicate' }));

/**
 * Rich text an editor writes as Markdown: paragraphs, bold, italic, bulleted and numbered lists, line
 * breaks. Nothing else gets through (no HTML, links, images or headings), so nothing an editor types can
 * run a script or break the page's layout; the build names the field when something does.
 */
export const Markdown = v.pipe(
  Text,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const refused = checkMarkdown(dataset.value);
    if (refused) addIssue({ message: `uses ${refused}; only ${MARKDOWN_ALLOWED} are allowed` });
  }),
  v.description(`Markdown: ${MARKDOWN_ALLOWED}`),
  cms({ widget: 'markdown' }),
);

/** Markdown that may also link to web and e-mail addresses (the privacy policy names the bodies to contact). */
export const MarkdownWithLinks = v.pipe(
  Text,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const refused = checkMarkdown(dataset.value, { links: true });
    if (refused) addIssue({ message: `uses ${refused}; only ${MARKDOWN_ALLOWED} and links to web or e-mail addresses are allowed` });
  }),
  v.description(`Markdown: ${MARKDOWN_ALLOWED}, links to web or e-mail addresses`),
  cms({ widget: 'markdown' }),
);
