import { localizePath, type Locale } from '../../i18n/locales.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { costEstimate, noteIn, type Unit } from '../../shared/units/unit.ts';
import { planImageUrl } from '../../shared/plan-image.ts';
import { floorRowBoxes } from '../../shared/units/floor-row.ts';
import { spaceName as writeSpace } from '../../shared/units/space-name.ts';
import { availabilityOf, formatArea, formatDay, formatWon, hasPublicPrice, inquirable, isOffered, statusText, takenWords, unitFacts, type FactWords } from '../../shared/units/facts.ts';
import { inquiryPath, similarInquiryPath, similarPlanPath, spacePath, specSheetPath } from '../../shared/share-paths.ts';
import type { ShareWords } from '../../shared/share-shell.ts';
import { serializeJsonLd } from '../../seo/json-ld.ts';
import { html, trusted, type SafeHtml } from './html.ts';
import type { ShellFill } from './shell.ts';
import { listText } from '../../i18n/list.ts';

/**
 * A space's page (issue 18): what its dialog on /floors shows, in the site's layout, readable without
 * JavaScript, with the way to ask about it (or, once leased or reserved, about similar spaces) and back to the plan.
 */
export interface SpacePage {
  unit: Unit;
  /** Other spaces a visitor of a leased or reserved one may take instead (src/shared/units/facts.ts similarUnits). */
  similar: Unit[];
  /** The spaces on its floor, itself included, in the plan's order: drawn under the floor's card (none with its own plan). */
  floorUnits: Pick<Unit, 'id' | 'unitNumber' | 'exclusiveAreaM2'>[];
  words: ShareWords;
  /** YYYY-MM-DD in Seoul. */
  today: string;
  /** The site's origin, for JSON-LD addresses. */
  origin: string;
}

export function factWords(words: ShareWords): FactWords {
  const t = createTranslator(words.text);
  return { t, tag: words.tag, useLabel: (use) => t(`brands.category.${use}`) };
}

/** The address segment of a space's page after /floors/: '8f/801'. */
export const spaceSlug = (unit: Unit) => spacePath(unit).slice('/floors/'.length, -1);

/** "8층 801호" in the page's language (the one way to write a space, src/shared/units/space-name.ts). */
export function spaceName(unit: Unit, words: ShareWords): string {
  return writeSpace(createTranslator(words.text), unit);
}

/** One line for search results and link previews: where, how large, for what, from when (and the rent when public). */
export function spaceDescription(unit: Unit, words: ShareWords, today: string): string {
  const fw = factWords(words);
  const { t } = fw;
  const availability = availabilityOf(unit, today);
  // A leased or reserved space is not on offer: its status, never "available now".
  const when = !isOffered(availability)
    ? t(`units.status.${unit.status}`)
    : availability.kind === 'now' ? t('units.page.availableNow') : t('units.page.availableFrom', { date: formatDay(availability.date, words.tag) });
  const rent = hasPublicPrice(unit) && unit.monthlyRent !== null ? t('units.page.rentLine', { rent: formatWon(unit.monthlyRent, words.tag) }) : '';
  return t('units.page.description', {
    building: words.building.name,
    space: spaceName(unit, words),
    area: formatArea(unit.exclusiveAreaM2, fw),
    uses: unit.uses.length ? listText(words.tag, unit.uses.map(fw.useLabel)) : t('units.detail.usesNone'),
    when,
  }) + rent;
}

export function spacePage(page: SpacePage): ShellFill {
  const { unit, words } = page;
  const t = createTranslator(words.text);
  const card = words.floorCards[unit.floor];
  const name = spaceName(unit, words);
  return {
    slug: spaceSlug(unit),
    title: t('units.page.title', { space: name, status: statusText(unit, page.today, factWords(words)) }),
    description: spaceDescription(unit, words, page.today),
    image: card?.path ?? `/og/floors-${words.locale}.png`,
    imageAlt: card ? t('units.page.cardAlt', { space: name, plan: card.alt }) : name,
    head: html`<script type="application/ld+json">${trusted(serializeJsonLd(listingJsonLd(page)))}</script>`,
    main: spaceMain(page),
  };
}

/** schema.org RealEstateListing: the space offered for lease, inside the building entity. */
function listingJsonLd({ unit, words, origin, today }: SpacePage) {
  const url = new URL(localizePath(words.locale, spacePath(unit)), origin).href;
  const offer =
    hasPublicPrice(unit) && unit.monthlyRent !== null
      ? { offers: { '@type': 'Offer', businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut', price: unit.monthlyRent, priceCurrency: 'KRW' } }
      : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: spaceName(unit, words),
    description: spaceDescription(unit, words, today),
    url,
    datePosted: unit.createdAt.slice(0, 10),
    about: {
      '@type': 'Place',
      name: spaceName(unit, words),
      floorSize: { '@type': 'QuantitativeValue', value: unit.exclusiveAreaM2, unitCode: 'MTK' },
      containedInPlace: { '@id': words.buildingJsonLd['@id'] },
    },
    ...offer,
  };
}

function spaceMain(page: SpacePage): SafeHtml {
  const { unit, words, today } = page;
  const fw = factWords(words);
  const { t } = fw;
  const locale: Locale = words.locale;
  const planHref = `${localizePath(locale, '/floors')}#plan-${unit.floor}`;
  const note = noteIn(unit.note, locale);
  // Leased with no known end, or reserved by an accepted proposal: ask about similar spaces; a lease ending on a known
  // day can be asked about (issue 40).
  const leased = !inquirable(unit, today);
  const taken = takenWords(unit);
  return html`
<header class="bg-night py-12 text-white">
  <div class="container-page">
    <a href="${planHref}" class="inline-flex min-h-11 items-center text-sm font-semibold text-white underline underline-offset-4" data-back-to-plan>${t('units.page.backToPlan')}</a>
    <h1 class="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">${spaceName(unit, words)}</h1>
    <p class="mt-3 text-lg text-slate-300">${words.building.name} · ${statusText(unit, today, fw)}</p>
  </div>
</header>
<div class="container-page grid gap-10 py-12 lg:grid-cols-[3fr_2fr]">
  <div class="grid content-start gap-8">
    <section aria-labelledby="space-facts-title">
      <h2 id="space-facts-title" class="text-2xl font-bold text-ink">${t('units.page.factsTitle')}</h2>
      <dl class="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-base">
        ${unitFacts(unit, today, fw).map((fact) => html`<dt class="font-semibold text-muted">${fact.label}</dt><dd data-fact="${fact.key}">${fact.value}</dd>`)}
      </dl>
    </section>
    ${note && html`<section aria-labelledby="space-note-title"><h2 id="space-note-title" class="text-xl font-bold text-ink">${t('units.detail.note')}</h2><p class="mt-2 whitespace-pre-line text-ink-soft">${note}</p></section>`}
    ${planFigure(page)}
  </div>
  <div class="grid content-start gap-6">
    ${hasPublicPrice(unit) && estimate(unit, words)}
    <section aria-labelledby="space-actions-title" class="rounded-xl border border-line p-5">
      <h2 id="space-actions-title" class="text-xl font-bold text-ink">${t(leased ? `units.page.${taken}Title` : 'units.page.nextTitle')}</h2>
      ${leased && (taken === 'reserved'
        ? html`<p class="mt-2 text-ink-soft" data-unit-reserved>${t('units.detail.reservedNote')}</p>`
        : html`<p class="mt-2 text-ink-soft" data-unit-leased>${t('units.detail.leasedNote')}</p>`)}
      <div class="mt-4 flex flex-wrap gap-3">
        ${leased
          ? html`<a href="${localizePath(locale, similarInquiryPath(unit))}" class="btn-primary" data-unit-ask-similar>${t('units.detail.askSimilar')}</a>`
          : html`<a href="${localizePath(locale, inquiryPath(unit))}" class="btn-primary" data-unit-inquire>${t('units.detail.inquire')}</a>`}
        <a href="${localizePath(locale, specSheetPath(unit))}" type="application/pdf" class="btn-outline text-brass-strong hover:bg-brass-soft" data-unit-sheet>${t('units.detail.specSheet')}</a>
        <a href="${planHref}" class="btn-outline text-brass-strong hover:bg-brass-soft" data-back-to-plan>${t('units.page.backToPlan')}</a>
      </div>
    </section>
  </div>
</div>
${leased && similarSection(page)}`;
}

/** The space's own plan (through the image CDN, enlarged in the lightbox), else its floor's plan card with the floor's row. */
function planFigure({ unit, words, floorUnits }: SpacePage): SafeHtml | false {
  const t = createTranslator(words.text);
  const alt = t('units.detail.planAlt', { space: spaceName(unit, words) });
  if (unit.plan) {
    return html`<figure>
      <h2 class="mb-3 text-xl font-bold text-ink">${t('units.detail.plan')}</h2>
      <button type="button" data-lightbox data-src="${planImageUrl(unit.plan, 1600)}" data-alt="${alt}" data-close-label="${t('ui.lightbox.close')}" aria-haspopup="dialog" class="relative block w-full cursor-zoom-in">
        <img src="${planImageUrl(unit.plan, 800)}" srcset="${planImageUrl(unit.plan, 480)} 480w, ${planImageUrl(unit.plan, 800)} 800w, ${planImageUrl(unit.plan, 1200)} 1200w" sizes="(min-width: 1024px) 55vw, 100vw" width="800" height="600" alt="${alt}" decoding="async" class="aspect-[4/3] h-auto w-full rounded-md bg-mist object-contain">
        <span class="absolute bottom-2 right-2 rounded-full bg-night/80 px-3 py-1 text-xs font-semibold text-white">${t('units.detail.enlargePlan')}</span>
      </button>
    </figure>`;
  }
  const card = words.floorCards[unit.floor];
  if (!card) return false;
  return html`<figure>
    <h2 class="mb-3 text-xl font-bold text-ink">${t('units.page.floorPlan')}</h2>
    <img src="${card.path}" width="1200" height="630" alt="${card.alt}" decoding="async" loading="lazy" class="h-auto w-full rounded-md">
    ${floorUnits.some((other) => other.id === unit.id) && floorRow(unit, floorUnits, words)}
  </figure>`;
}

/**
 * The row's drawing units, one set for a phone and one for wider screens (the SVG scales with the column, and
 * its numbers with it: drawn once, they would be too small on a phone or too large on a desktop).
 */
const ROWS = {
  narrow: { width: 400, height: 44, gap: 4, minimum: 44, font: 13, class: 'sm:hidden' },
  wide: { width: 1000, height: 56, gap: 6, minimum: 70, font: 17, class: 'hidden sm:block' },
} as const;

/**
 * A floor's card shows the floor, not which space is this one: under it the floor's row of spaces (as /floors and
 * the spec sheet draw it), this one filled, and a caption naming it — the same words as the sheet's.
 */
function floorRow(unit: Unit, floorUnits: SpacePage['floorUnits'], words: ShareWords): SafeHtml {
  const t = createTranslator(words.text);
  const caption = t('units.sheet.thisSpace', { space: spaceName(unit, words) });
  // SVG attributes, not style attributes: the page's Content-Security-Policy allows no inline style.
  const drawing = (row: (typeof ROWS)[keyof typeof ROWS]) => html`<svg viewBox="0 0 ${row.width} ${row.height}" class="mt-3 h-auto w-full ${row.class}" role="img" aria-label="${caption}" data-floor-row>
      ${floorRowBoxes(floorUnits, unit.id, row.width, row).map((box) => html`<g${box.mine ? html` data-this-space` : ''}>
        <rect x="${box.x.toFixed(1)}" y="1" width="${box.width.toFixed(1)}" height="${row.height - 2}" rx="4" class="${box.mine ? 'fill-brass-strong stroke-night' : 'fill-paper stroke-line'}" stroke-width="${box.mine ? 2.5 : 1.5}"></rect>
        <text x="${(box.x + box.width / 2).toFixed(1)}" y="${row.height / 2}" text-anchor="middle" dominant-baseline="central" font-size="${box.mine ? row.font + 2 : row.font}" class="${box.mine ? 'fill-white font-bold' : 'fill-muted'}">${box.mine ? t('units.plan.unitShort', { unit: box.unitNumber }) : box.unitNumber}</text>
      </g>`)}
    </svg>`;
  return html`${drawing(ROWS.narrow)}${drawing(ROWS.wide)}
    <figcaption class="mt-2 text-sm font-semibold text-ink" data-floor-row-caption>${caption}</figcaption>`;
}

/** 환산임대료 at the content's default rate, which the page script lets the visitor change. */
function estimate(unit: Unit, words: ShareWords): SafeHtml {
  const t = createTranslator(words.text);
  const result = costEstimate(unit, words.rate.value);
  const won = (value: number | undefined) => (value === undefined ? '' : formatWon(value, words.tag));
  const data = (value: number | null) => (value === null ? '' : String(value));
  const row = (key: string, name: string, value: string) =>
    html`<div class="flex flex-wrap justify-between gap-2"><dt class="text-muted">${t(`units.detail.${key}`)}</dt><dd><output for="unit-rate" data-estimate="${name}">${value}</output></dd></div>`;
  return html`<section aria-labelledby="unit-estimate-title" class="rounded-xl border border-line p-5" data-estimate-root data-rent="${data(unit.monthlyRent)}" data-deposit="${data(unit.deposit)}" data-fee="${data(unit.maintenanceFee)}" data-area="${unit.supplyAreaM2}">
    <h2 id="unit-estimate-title" class="text-xl font-bold text-ink">${t('units.detail.estimateTitle')}</h2>
    <label for="unit-rate" class="mt-3 block text-sm font-semibold">${t('units.detail.estimateRate')}</label>
    <input id="unit-rate" type="number" inputmode="decimal" step="0.1" min="${words.rate.min}" max="${words.rate.max}" value="${words.rate.value}" aria-describedby="unit-rate-help" class="mt-1 w-28 rounded-md border border-muted bg-paper px-3 py-2 text-base">
    <dl class="mt-3 grid gap-1 text-sm">
      ${row('estimateMonthly', 'monthly', won(result?.monthly))}
      ${row('estimatePerPyeong', 'perPyeong', won(result?.perPyeong))}
      ${row('estimatePerM2', 'perM2', won(result?.perM2))}
    </dl>
    <p id="unit-rate-help" class="mt-2 text-xs text-muted">${t('units.detail.estimateHelp')}</p>
  </section>`;
}

/** A leased or reserved space's page lists spaces a visitor may take instead, and the plan searched for more. */
function similarSection({ unit, similar, words, today }: SpacePage): SafeHtml {
  const fw = factWords(words);
  const { t } = fw;
  const locale = words.locale;
  return html`<section aria-labelledby="similar-title" class="bg-mist py-12" data-similar-spaces>
  <div class="container-page">
    <h2 id="similar-title" class="section-title">${t('units.page.similarTitle')}</h2>
    ${similar.length === 0
      ? html`<p class="mt-4 text-ink-soft">${t('units.page.noSimilar')}</p>`
      : html`<ul class="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${similar.map((other) => {
          const availability = availabilityOf(other, today);
          const when = availability.kind === 'from' ? t('units.page.availableFrom', { date: formatDay(availability.date, words.tag) }) : t('units.page.availableNow');
          return html`<li><a href="${localizePath(locale, spacePath(other))}" class="block rounded-xl border border-line bg-paper p-5 hover:border-brass-strong" data-similar-space>
            <span class="block text-lg font-bold text-ink">${spaceName(other, words)}</span>
            <span class="mt-1 block text-sm text-ink-soft">${formatArea(other.exclusiveAreaM2, fw)} · ${when}</span>
          </a></li>`;
        })}</ul>`}
    <a href="${localizePath(locale, similarPlanPath(unit))}" class="btn-outline mt-6 text-brass-strong hover:bg-brass-soft" data-unit-see-similar>${t('units.detail.seeSimilar')}</a>
  </div>
</section>`;
}

/** The page of a space that is gone (410): says so and leads back to the plan. */
export function goneSpacePage(words: ShareWords, slug: string): ShellFill {
  const t = createTranslator(words.text);
  const plan = localizePath(words.locale, '/floors#stacking-plan');
  return {
    slug,
    title: t('units.page.goneTitle'),
    description: t('units.page.goneText'),
    image: `/og/floors-${words.locale}.png`,
    imageAlt: t('units.page.goneTitle'),
    head: html`<meta name="robots" content="noindex">`,
    main: html`<div class="container-page flex min-h-[60vh] items-center justify-center py-16">
  <div data-testid="space-gone" class="w-full max-w-lg rounded-2xl border border-line bg-paper p-10 text-center shadow-lg">
    <h1 class="text-3xl font-bold text-ink">${t('units.page.goneTitle')}</h1>
    <p class="mt-3 text-muted">${t('units.page.goneText')}</p>
    <a href="${plan}" class="btn-primary mt-8">${t('units.page.toPlan')}</a>
  </div>
</div>`,
  };
}
