import { Lexer, Parser, type Token } from 'marked';

/** What an editor's Markdown may use, for messages and hints. */
export const MARKDOWN_ALLOWED = 'paragraphs, **bold**, *italic*, bulleted and numbered lists and line breaks';

/** Token types that render to <p>, <strong>, <em>, <ul>/<ol>/<li>, <br> or plain escaped text. */
const ALLOWED = new Set(['paragraph', 'space', 'text', 'strong', 'em', 'list', 'list_item', 'br', 'escape']);

const NAMES: Record<string, string> = {
  html: 'HTML',
  link: 'a link',
  image: 'an image',
  heading: 'a heading',
  code: 'a code block',
  codespan: 'code',
  blockquote: 'a quotation',
  hr: 'a horizontal rule',
  table: 'a table',
  del: 'strikethrough',
  def: 'a link definition',
};

const lex = (markdown: string): Token[] => new Lexer({ gfm: true }).lex(markdown);

/** Where a link in a text that may have links (the privacy policy) may lead: web pages and e-mail addresses. */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** What else a text may use: `links` lets web addresses and e-mail addresses through (the privacy policy). */
export interface MarkdownOptions {
  links?: boolean;
}

function firstRefused(tokens: readonly Token[], options: MarkdownOptions = {}): string | null {
  for (const token of tokens) {
    const isLink = token.type === 'link' && options.links === true;
    if (isLink && !SAFE_LINK.test(token.href)) return 'a link that is not a web or e-mail address';
    if (!ALLOWED.has(token.type) && !isLink) return NAMES[token.type] ?? token.type;
    const children: Token[] = [
      ...(('tokens' in token && token.tokens) || []),
      ...(token.type === 'list' ? (token.items as Token[]) : []),
    ];
    // A task list item ("- [ ] x") renders an <input>.
    if (token.type === 'list_item' && token.task) return 'a task list';
    const refused = firstRefused(children, options);
    if (refused) return refused;
  }
  return null;
}

/**
 * The first construct outside the allow-list (e.g. 'HTML', 'a link'), or null when the text only uses
 * what MARKDOWN_ALLOWED says.
 * @example checkMarkdown('**Bold** and <b>bold</b>') // 'HTML'
 */
export function checkMarkdown(markdown: string, options: MarkdownOptions = {}): string | null {
  return firstRefused(lex(markdown), options);
}

/**
 * Editor Markdown as HTML. Content files are checked against the allow-list when they load, so this only
 * ever emits <p>, <strong>, <em>, lists and <br>, with text escaped.
 * @example renderMarkdown('One **bold** word') // '<p>One <strong>bold</strong> word</p>\n'
 */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const tokens = lex(markdown);
  const refused = firstRefused(tokens, options);
  if (refused) throw new Error(`Markdown uses ${refused}; only ${MARKDOWN_ALLOWED} are allowed`);
  return new Parser({ gfm: true }).parse(tokens);
}
