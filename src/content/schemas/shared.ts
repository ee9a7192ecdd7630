import * as v from 'valibot';

/** A non-empty line of editor text. */
export const Text = v.pipe(v.string(), v.trim(), v.nonEmpty('must not be empty'));

/** The name of an illustration under src/assets/illustrations/, without extension, e.g. 'floors/plan-b2'. */
export const ImageName = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be an illustration name such as floors/plan-b2'),
);

/** Tags an editor may use in an HTML text field: simple formatting only. */
const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'span']);

/**
 * Editor-owned HTML (rendered with set:html): only the simple tags above, no attributes at all, so no
 * event handlers, styles (the CSP would block them) or javascript: links can slip in.
 */
export const SimpleHtml = v.pipe(
  Text,
  v.check((html) => {
    for (const [, tag, attributes] of html.matchAll(/<\/?\s*([a-zA-Z0-9-]*)([^>]*)>/g)) {
      if (!ALLOWED_TAGS.has((tag ?? '').toLowerCase())) return false;
      if ((attributes ?? '').replace('/', '').trim() !== '') return false;
    }
    // A stray '<' that is not a tag would be parsed unpredictably; editors write &lt; instead.
    return !html.replace(/<\/?\s*[a-zA-Z0-9-]*[^>]*>/g, '').includes('<');
  }, `must use only these tags, without attributes: ${[...ALLOWED_TAGS].join(', ')}`),
);
