import { LOCALE_TAGS, localizePath } from '../../i18n/locales.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { brandStatus, brandTags, brandText, CARD_MAX_TAGS, type Brand } from '../../shared/brand-basics.ts';
import { imageUrl, isTransformable, responsiveImage } from '../../shared/image-url.ts';
import { brandPath, spacePath } from '../../shared/share-paths.ts';
import type { ShareWords } from '../../shared/share-shell.ts';
import { serializeJsonLd, tenantJsonLd } from '../../seo/json-ld.ts';
import { html, trusted, type SafeHtml } from './html.ts';
import type { ShellFill } from './shell.ts';
import { spaceName } from '../../shared/units/space-name.ts';

/**
 * A brand's page (issue 18) at /brands/<slug>/: its name and description in the visitor's language
 * (Korean where none was given), photo, category, where it is in the building (linked to the space's
 * page when that unit is on the plan), contacts and whether it is open, plus JSON-LD for a store
 * inside the building.
 */
export interface BrandPage {
  brand: Brand;
  words: ShareWords;
  /** The space the brand's floor and unit name, when it is on the stacking plan. */
  unitOnPlan: { floor: string; unitNumber: string } | null;
  origin: string;
}

/** The page's photo: the brand's thumbnail at detail size, 4:3, through the Image CDN. */
const PHOTO = { widths: [480, 720, 960, 1200], ratio: [4, 3] as [number, number], sizes: '(min-width: 1024px) 40vw, calc(100vw - 32px)', quality: 60 };
const DESCRIPTION_MAX = 160;

/** '1층 101호' in the page's language. */
function locationLine(brand: Brand, words: ShareWords): string {
  const t = createTranslator(words.text);
  return brand.unit ? spaceName(t, { floor: brand.floor, unitNumber: brand.unit }) : t(`brands.floor.${brand.floor}`);
}

export function brandPage(page: BrandPage): ShellFill {
  const { brand, words } = page;
  const t = createTranslator(words.text);
  const text = brandText(brand, words.locale);
  const category = t(`brands.category.${brand.category}`);
  const floor = t(`brands.floor.${brand.floor}`);
  const description = text.description?.trim()
    ? shorten(text.description.trim(), DESCRIPTION_MAX)
    : t('brands.page.descriptionFallback', { name: text.name, category, floor });
  return {
    slug: encodeURIComponent(brand.slug ?? ''),
    title: t('brands.page.title', { name: text.name, category, floor }),
    description,
    image: isTransformable(brand.thumbnail) ? imageUrl(brand.thumbnail, { w: 1200, h: 630, fit: 'cover', q: 70 }) : `/og/brands-${words.locale}.png`,
    imageAlt: t('brands.page.photoAlt', { name: text.name }),
    head: html`<script type="application/ld+json">${trusted(serializeJsonLd(storeJsonLd(page)))}</script>`,
    main: brandMain(page),
  };
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** schema.org: the tenant (Store, MedicalBusiness… by category) inside the building's entity, at its address. */
function storeJsonLd({ brand, words, origin }: BrandPage) {
  const localized = { ...brand, ...brandText(brand, words.locale) };
  const url = new URL(localizePath(words.locale, brandPath(brand.slug ?? '')), origin).href;
  const building = words.buildingJsonLd as { '@id': string; address?: unknown };
  return {
    '@context': 'https://schema.org',
    ...tenantJsonLd(localized, origin),
    '@id': `${url}#store`,
    mainEntityOfPage: url,
    ...(brand.contactInfo.website ? { sameAs: brand.contactInfo.website } : {}),
    address: building.address,
    containedInPlace: { '@id': building['@id'] },
  };
}

function brandMain({ brand, words, unitOnPlan }: BrandPage): SafeHtml {
  const t = createTranslator(words.text);
  const locale = words.locale;
  const text = brandText(brand, locale);
  const tags = brandTags(brand, locale);
  const { phone, email, website } = brand.contactInfo;
  const photo = brand.thumbnail ? responsiveImage(brand.thumbnail, PHOTO) : null;
  const where = locationLine(brand, words);
  const directory = localizePath(locale, '/brands');
  const status = brandStatus(brand, LOCALE_TAGS[locale]);
  return html`
<div class="container-page py-10">
  <a href="${directory}" class="inline-flex min-h-11 items-center text-sm font-semibold text-brass-strong underline underline-offset-4">${t('brands.page.backToDirectory')}</a>
  <article class="mt-4 grid gap-10 lg:grid-cols-[2fr_3fr]" data-brand-page>
    <div class="self-start overflow-hidden rounded-2xl bg-mist" data-brand-photo>
      ${photo
        ? html`<img src="${photo.src}" srcset="${photo.srcSet}" sizes="${photo.sizes}" width="${photo.width}" height="${photo.height}" alt="${t('brands.page.photoAlt', { name: text.name })}" fetchpriority="high" decoding="async" class="block aspect-[4/3] h-auto w-full object-cover">`
        : html`<div class="flex aspect-[4/3] items-center justify-center text-muted">${t('brands.page.noPhoto')}</div>`}
    </div>
    <div>
      <div class="flex flex-wrap items-center gap-2">
        <span class="rounded-full px-2.5 py-0.5 text-xs font-semibold text-white ${status.open ? 'bg-success' : 'bg-ink-soft'}" data-brand-status>${t(status.key, status.params)}</span>
        <span class="rounded-full bg-brass-soft px-2.5 py-0.5 text-xs font-semibold text-brass-strong">${t(`brands.category.${brand.category}`)}</span>
      </div>
      <h1 class="mt-3 text-4xl font-extrabold tracking-tight text-ink">${text.name}</h1>
      ${text.description && html`<p class="mt-4 whitespace-pre-line leading-relaxed text-ink-soft">${text.description}</p>`}
      <dl class="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
        <dt class="font-semibold text-muted">${t('brands.page.category')}</dt><dd>${t(`brands.category.${brand.category}`)}</dd>
        <dt class="font-semibold text-muted">${t('brands.page.location')}</dt>
        <dd data-brand-location>${where}${brand.area ? ` (${brand.area})` : ''}${unitOnPlan &&
          html`<br><a href="${localizePath(locale, spacePath(unitOnPlan))}" class="inline-flex min-h-11 items-center font-semibold text-brass-strong underline underline-offset-4" data-brand-space>${t('brands.page.unitOnPlan', { space: spaceName(t, unitOnPlan) })}</a>`}</dd>
        <dt class="font-semibold text-muted">${t('brands.page.status')}</dt><dd>${t(status.key, status.params)}</dd>
        ${(phone || email || website) && html`<dt class="font-semibold text-muted">${t('brands.page.contacts')}</dt><dd class="grid gap-1">
          ${phone && html`<a class="inline-flex min-h-11 items-center underline underline-offset-2" href="tel:${phone.replace(/[^\d+]/g, '')}">${phone}</a>`}
          ${email && html`<a class="inline-flex min-h-11 items-center break-all underline underline-offset-2" href="mailto:${email}">${email}</a>`}
          ${website && html`<a class="inline-flex min-h-11 items-center underline underline-offset-2" href="${website}" target="_blank" rel="noopener">${t('brands.card.website')}<span class="sr-only"> ${text.name} ${t('brands.card.opensInNewTab')}</span></a>`}
        </dd>`}
      </dl>
      ${tags.length > 0 && html`<ul class="mt-6 flex flex-wrap gap-3" aria-label="${t('brands.page.tags')}">${tags.slice(0, CARD_MAX_TAGS * 3).map((tag) => html`<li class="text-sm font-medium text-brass-strong">#${tag}</li>`)}</ul>`}
    </div>
  </article>
</div>`;
}

/** The page of a brand that left the directory (410): says so and leads to the brands there now. */
export function goneBrandPage(words: ShareWords, slug: string): ShellFill {
  const t = createTranslator(words.text);
  return {
    slug,
    title: t('brands.page.goneTitle'),
    description: t('brands.page.goneText'),
    image: `/og/brands-${words.locale}.png`,
    imageAlt: t('brands.page.goneTitle'),
    head: html`<meta name="robots" content="noindex">`,
    main: html`<div class="container-page flex min-h-[60vh] items-center justify-center py-16">
  <div data-testid="brand-gone" class="w-full max-w-lg rounded-2xl border border-line bg-paper p-10 text-center shadow-lg">
    <h1 class="text-3xl font-bold text-ink">${t('brands.page.goneTitle')}</h1>
    <p class="mt-3 text-muted">${t('brands.page.goneText')}</p>
    <a href="${localizePath(words.locale, '/brands')}" class="btn-primary mt-8">${t('brands.page.toDirectory')}</a>
  </div>
</div>`,
  };
}
