import { describe, expect, it } from 'vitest';
import { checkMarkdown, renderMarkdown } from '~/content/markdown';
import { loadLocalized } from '~/content/load';
import { LeasingTextSchema } from '~/content/schemas/leasing';
import { LOCALES } from '~/i18n/locales';

describe('editor Markdown', () => {
  it('renders the leasing guide as the HTML it replaced', () => {
    const en = renderMarkdown(loadLocalized('leasing', 'en', LeasingTextSchema).guide.description).replace(/>\n</g, '><').trim();
    expect(en).toBe(
      '<p>B TOWER is a premium mixed-use building of <strong>two basement and fourteen above-ground floors</strong>, steps from Sillim Station where two subway lines meet.</p>' +
        '<p>Following our floor-by-floor merchandising plan, we welcome retail, F&amp;B, medical, education and office tenants. Our leasing team stays with you <em>through every stage of moving in</em>, from site analysis to the fit-out schedule.</p>',
    );
  });

  it.each(LOCALES)('keeps bold and italic inside Korean, Chinese and Japanese sentences (%s)', (locale) => {
    const html = renderMarkdown(loadLocalized('leasing', locale, LeasingTextSchema).guide.description);
    expect(html).toMatch(/<strong>[^<*]+<\/strong>/);
    expect(html).toMatch(/<em>[^<*]+<\/em>/);
    expect(html).not.toContain('*');
  });

  it('escapes what an editor types rather than passing it on as markup', () => {
    expect(renderMarkdown('1 < 2 & "quotes"\n\n- a\n- **b**')).toBe('<p>1 &lt; 2 &amp; &quot;quotes&quot;</p>\n<ul>\n<li>a</li>\n<li><strong>b</strong></li>\n</ul>\n');
  });

  it.each([
    ['<b>bold</b>', 'HTML'],
    ['Hi <img src=x onerror=alert(1)>', 'HTML'],
    ['[site](https://example.com)', 'a link'],
    ['see https://example.com', 'a link'],
    ['![x](/a.png)', 'an image'],
    ['## Title', 'a heading'],
    ['> quote', 'a quotation'],
    ['    code', 'a code block'],
    ['- [x] done', 'a task list'],
  ])('refuses %s', (markdown, what) => {
    expect(checkMarkdown(markdown)).toBe(what);
    expect(() => renderMarkdown(markdown)).toThrow(`Markdown uses ${what}`);
  });
});
