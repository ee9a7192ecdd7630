/**
 * HTML written by the share functions. Every value is escaped for both text and a double-quoted
 * attribute, so a space's note or a brand's name (admin text) can never become markup.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @example escapeHtml('<b>"A&B"</b>') // '&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;' */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** Markup that is already safe (made by `html`), passed through unescaped. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = string | number | SafeHtml | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/**
 * A template whose values are escaped unless they are SafeHtml; arrays are joined, null/false skipped.
 * @example html`<p title="${name}">${name}</p>` // name escaped twice over, once per place
 */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]!) : ''), ''));
}

/** Text already made safe for where it goes (e.g. serializeJsonLd's output inside its <script>). */
export function trusted(text: string): SafeHtml {
  return new SafeHtml(text);
}
