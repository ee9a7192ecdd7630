import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shareWords } from '../../src/content/share-words.ts';
import { SHELL_TOKENS } from '../../src/shared/share-shell.ts';
import type { Unit } from '../../src/shared/units/unit.ts';
import type { Brand } from '../../src/shared/brand-basics.ts';
import { html, escapeHtml } from '../../src/server/share/html.ts';
import { fillShell, pageCsp } from '../../src/server/share/shell.ts';
import { goneSpacePage, spacePage } from '../../src/server/share/space-page.ts';
import { brandPage } from '../../src/server/share/brand-page.ts';
import { sitemapXml } from '../../src/server/share/sitemap.ts';

const SITE = new URL('https://btower.example');
const unit: Unit = {
  id: '0b6c3c5e-6b2a-4d38-9a57-3f1c2f4c8e01', floor: '8F', unitNumber: '801', exclusiveAreaM2: 99.17, supplyAreaM2: 165.29, uses: ['Medical'],
  status: 'available', availableFrom: null, monthlyRent: 4_500_000, deposit: 45_000_000, maintenanceFee: 900_000, pricePublic: true,
  plan: null, note: { ko: '</p><script>alert(1)</script>' }, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', version: 1,
};

/** The tokens as the build's shell carries them, in the places the layout puts them. */
const SHELL = `<html><head><title>${SHELL_TOKENS.title} | B TOWER</title><meta name="description" content="${SHELL_TOKENS.description}">
<link rel="canonical" href="https://btower.example/floors/${SHELL_TOKENS.slug}/"><meta property="og:image" content="https://btower.example${SHELL_TOKENS.image}">
<meta property="og:image:alt" content="${SHELL_TOKENS.imageAlt}">${SHELL_TOKENS.head}</head><body><main>${SHELL_TOKENS.main}</main></body></html>`;

describe('share pages', () => {
  it('escape every value for text and attributes alike; markup made by html`` passes once', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const name = '"><img src=x onerror=alert(1)>';
    expect(html`<p title="${name}">${name}</p>`.value).toBe('<p title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html`<ul>${['a', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.value).toBe('<ul><li>a</li><li>b</li></ul>');
  });

  it('a space page fills every token: its address, title, description, card, and the note stays text', () => {
    const page = fillShell(SHELL, spacePage({ unit, similar: [], floorUnits: [unit], words: shareWords('ko', SITE), today: '2026-11-24', origin: SITE.origin }));
    expect(page).not.toMatch(/SHARE_|share-slug-token|share-image-token|<!--share:/);
    expect(page).toContain('<title>8층 801호 임대 공간 · 임대 가능 | B TOWER</title>');
    expect(page).toContain('href="https://btower.example/floors/8f/801/"');
    expect(page).toContain('content="https://btower.example/og/floors/4f-10f.png"');
    expect(page).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('"@type":"RealEstateListing"');
    // The inquiry link names the space as people do, not by its database id.
    expect(page).toContain('href="/contact?unit=8F-801#inquiry-form"');
    expect(page).toContain('href="/floors/8f/801/spec-sheet.pdf"');
  });

  it('a space without a plan of its own is marked on its floor\'s row under the floor\'s card, as its spec sheet marks it', () => {
    const floor = [{ id: 'east', unitNumber: '802', exclusiveAreaM2: 60 }, unit, { id: 'west', unitNumber: '803', exclusiveAreaM2: 140 }];
    const page = fillShell(SHELL, spacePage({ unit, similar: [], floorUnits: floor, words: shareWords('ko', SITE), today: '2026-11-24', origin: SITE.origin }));
    const row = /<svg[^>]*data-floor-row[\s\S]*?<\/svg>/.exec(page)?.[0] ?? '';
    expect(row.match(/<g\b/g)).toHaveLength(3);
    expect(row.match(/data-this-space/g)).toHaveLength(1);
    expect(row).toMatch(/<g data-this-space>[\s\S]*?>801호<\/text>/);
    const caption = /data-floor-row-caption>([^<]*)</.exec(page)?.[1];
    expect(caption).toBe('칠한 칸이 이 공간입니다: 8층 801호');
    expect(row).toContain(`aria-label="${caption}"`);
    // With a plan of its own there is no floor card, and no row.
    const planned = fillShell(SHELL, spacePage({ unit: { ...unit, plan: '/objects/uploads/00000000-0000-4000-8000-000000000009' }, similar: [], floorUnits: [], words: shareWords('ko', SITE), today: '2026-11-24', origin: SITE.origin }));
    expect(planned).not.toContain('data-floor-row');
  });

  it('a leased space\'s page says so, offers similar spaces and an inquiry about them, never one about itself', () => {
    const leased = { ...unit, status: 'leased' as const, monthlyRent: null, deposit: null, maintenanceFee: null };
    const other = { ...unit, id: '0b6c3c5e-6b2a-4d38-9a57-3f1c2f4c8e02', unitNumber: '805', exclusiveAreaM2: 95 };
    const page = fillShell(SHELL, spacePage({ unit: leased, similar: [other], floorUnits: [], words: shareWords('en', SITE), today: '2026-11-24', origin: SITE.origin }));
    expect(page).toContain('This space is leased');
    expect(page).toContain('href="/en/floors/8f/805/"');
    expect(page).toContain('href="/en/contact?floor=8F&amp;areaMin=79&amp;areaMax=124&amp;use=Medical#inquiry-form"');
    expect(page).not.toContain('data-unit-inquire');
    expect(page).not.toContain('Price on request');
    expect(page).not.toContain('data-fact="availableFrom"');
  });

  it('a reserved space\'s page says it is reserved — in its title, header, facts and preview — offers similar spaces, never "available now" or an inquiry about itself', () => {
    const reserved = { ...unit, status: 'reserved' as const, availableFrom: '2026-12-01' };
    const other = { ...unit, id: '0b6c3c5e-6b2a-4d38-9a57-3f1c2f4c8e02', unitNumber: '805', exclusiveAreaM2: 95 };
    const ko = fillShell(SHELL, spacePage({ unit: reserved, similar: [other], floorUnits: [], words: shareWords('ko', SITE), today: '2026-11-24', origin: SITE.origin }));
    expect(ko).toContain('<title>8층 801호 임대 공간 · 예약됨 | B TOWER</title>');
    expect(ko).toContain('<meta name="description" content="B TOWER 8층 801호: 전용 99.2 m² (30평), 의료. 예약됨.">');
    expect(ko).toContain('data-fact="status">예약됨<');
    expect(ko).toContain('예약된 공간입니다');
    expect(ko).toContain('data-unit-reserved');
    expect(ko).toContain('data-unit-ask-similar');
    expect(ko).toContain('href="/floors/8f/805/"');
    // Above the similar spaces (which are available, and say so), nothing says this one is.
    const itself = ko.slice(0, ko.indexOf('data-similar-spaces'));
    for (const said of ['즉시', '입주 가능', '가격 문의', '₩', 'data-unit-inquire', 'data-unit-leased', 'data-fact="availableFrom"', 'data-estimate-root', '"offers"']) expect(itself, said).not.toContain(said);
    const en = fillShell(SHELL, spacePage({ unit: reserved, similar: [], floorUnits: [], words: shareWords('en', SITE), today: '2026-11-24', origin: SITE.origin }));
    expect(en).toContain('This space is reserved');
    expect(en).not.toMatch(/Available now|Immediately|Price on request/);
  });

  it('a gone space\'s page is not for search engines and leads to the plan', () => {
    const page = fillShell(SHELL, goneSpacePage(shareWords('ja', SITE), '8f/801'));
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('href="/ja/floors#stacking-plan"');
  });

  it('a brand page shows the visitor\'s language (Korean where none), its photo at share size, and a store in the building', () => {
    const brand: Brand = {
      id: 'b', name: '블루보틀', description: '스페셜티 커피', category: 'F&B', floor: '1F', unit: '101', area: '30평', isAvailable: false,
      thumbnail: '/objects/uploads/00000000-0000-4000-8000-000000000001', contactInfo: { phone: '02-555-0101', website: 'https://bluebottle.example' },
      images: [], tags: ['coffee'], nameI18n: { en: 'Blue Bottle' }, descriptionI18n: {}, slug: 'blue-bottle', createdAt: null, updatedAt: null,
    };
    const fill = brandPage({ brand, words: shareWords('en', SITE), unitOnPlan: { floor: '1F', unitNumber: '101' }, origin: SITE.origin });
    expect(fill.title).toBe('Blue Bottle · F&B · 1F');
    expect(fill.description).toBe('스페셜티 커피');
    expect(fill.image).toBe('/.netlify/images?url=%2Fobjects%2Fuploads%2F00000000-0000-4000-8000-000000000001&w=1200&h=630&fit=cover&q=70');
    const page = fillShell(SHELL, fill);
    expect(page).toContain('"@type":"FoodEstablishment"');
    expect(page).toContain('"containedInPlace":{"@id":"https://btower.example/#building"}');
    expect(page).toContain('href="/en/floors/1f/101/"');
    expect(page).toContain('Opening soon');
  });

  it('the page\'s CSP allows exactly the inline scripts it carries, by hash, and never unsafe-inline', () => {
    const script = 'console.log("hi")';
    const page = `<script type="module">${script}</script><script type="application/ld+json">{"a":1}</script><script type="module" src="/x.js"></script><style>p{}</style>`;
    const csp = pageCsp(page);
    expect(csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(script).digest('base64')}';`);
    expect(csp).toContain(`style-src 'self' 'sha256-${createHash('sha256').update('p{}').digest('base64')}';`);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp.match(/sha256-/g)).toHaveLength(2);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('the sitemap lists each page in four languages, each with all four alternates and x-default', () => {
    const xml = sitemapXml('https://btower.example', [{ path: '/floors/8f/801/', lastModified: '2026-11-24T10:00:00Z' }]);
    expect(xml.match(/<loc>https:\/\/btower\.example(\/\w\w)?\/floors\/8f\/801\/<\/loc>/g)).toHaveLength(4);
    expect(xml).toContain('<loc>https://btower.example/zh/floors/8f/801/</loc><lastmod>2026-11-24</lastmod><xhtml:link rel="alternate" hreflang="ko-KR" href="https://btower.example/floors/8f/801/"/>');
    expect(xml).toContain('hreflang="x-default" href="https://btower.example/floors/8f/801/"');
    expect(xml).toContain('<loc>https://btower.example/ja/contact</loc>');
    // The privacy policy is linked from the footer, not the top bar, and listed all the same (issue 24).
    expect(xml).toContain('<loc>https://btower.example/privacy</loc>');
    expect(xml).toContain('<loc>https://btower.example/en/privacy</loc>');
  });
});
