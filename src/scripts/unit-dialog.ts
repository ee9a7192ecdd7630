import type { Unit } from '../shared/units/unit.ts';
import { costEstimate, noteIn } from '../shared/units/basics.ts';
import { planImageUrl } from '../shared/plan-image.ts';
import { hasPublicPrice, inquirable, seoulToday, takenWords, unitFacts } from '../shared/units/facts.ts';
import { inquiryPath, similarInquiryPath, similarPlanPath, spacePath, specSheetPath } from '../shared/share-paths.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { spaceName } from '../shared/units/space-name.ts';
import { openModal, setUpModal } from './modal-dialog.ts';
import { el, translator, type PlanConfig } from './stacking-plan-config.ts';

/**
 * A unit's detail in the page's dialog: facts, prices or "price on request", the plan (enlarged by the
 * page's lightbox), the note and a cost estimate with an editable rate. Loaded on the first open, so
 * the page pays for it only when a visitor asks. The URL carries `?unit=<id>` while it is open, so the
 * address bar is the unit's shareable link; title and share metadata stay the page's.
 */
let wired = false;

function dialogElement(): HTMLDialogElement {
  const dialog = document.getElementById('unit-dialog') as HTMLDialogElement;
  if (!wired) {
    wired = true;
    setUpModal(dialog, () => setUnitParam(null));
  }
  return dialog;
}

function setUnitParam(id: string | null): void {
  const url = new URL(location.href);
  if (id) url.searchParams.set('unit', id);
  else url.searchParams.delete('unit');
  history.replaceState(history.state, '', url);
}

export function showUnit(unit: Unit | null, trigger: HTMLElement | null, config: PlanConfig): void {
  const t = translator(config);
  const dialog = dialogElement();
  const title = dialog.querySelector('#unit-dialog-title')!;
  const body = dialog.querySelector<HTMLElement>('[data-unit-detail]')!;
  if (unit) {
    title.textContent = spaceName(t, unit);
    body.replaceChildren(...detail(unit, config));
    setUnitParam(unit.id);
  } else {
    title.textContent = t('units.detail.notFound');
    body.replaceChildren();
  }
  // Opened from a shared link, focus goes back to the plan when the dialog closes.
  openModal(dialog, trigger ?? document.getElementById('stacking-plan')!);
}

function detail(unit: Unit, config: PlanConfig): Node[] {
  const t = translator(config);
  const words = { t, tag: config.tag, useLabel: (use: string) => t(`use.${use}`) };
  const list = el('dl', { class: 'grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm' });
  for (const fact of unitFacts(unit, seoulToday(), words)) list.append(el('dt', { class: 'font-semibold text-muted' }, fact.label), el('dd', { 'data-fact': fact.key }, fact.value));
  const nodes: Node[] = [list];
  const note = noteIn(unit.note, config.language);
  if (note) nodes.push(el('div', {}, el('h3', { class: 'font-bold' }, t('units.detail.note')), el('p', { class: 'mt-1 whitespace-pre-line text-sm text-ink-soft' }, note)));
  if (unit.plan) nodes.push(plan(unit, config));
  if (hasPublicPrice(unit)) nodes.push(estimate(unit, config));
  nodes.push(actions(unit, config));
  return nodes;
}

/**
 * What a visitor can do next: ask about the space (or, when it is leased or reserved for another prospect, about
 * similar ones and see them on the plan), open its own page (the link to share) and its spec sheet.
 */
function actions(unit: Unit, config: PlanConfig): Node {
  const t = translator(config);
  const locale = config.language as Locale;
  const link = (href: string, text: string, attributes: Record<string, string> = {}, primary = false) =>
    el('a', { href: localizePath(locale, href), class: primary ? 'btn-primary' : 'btn-outline text-brass-strong hover:bg-brass-soft', ...attributes }, text);
  const row = el('div', { class: 'flex flex-wrap gap-3' });
  // A leased space is asked about only once its lease's end is known (issue 40): then like any other. A reserved
  // one is held for the prospect who accepted its proposal (issue 39): it says so, and offers similar spaces.
  if (!inquirable(unit, seoulToday())) {
    const taken = takenWords(unit);
    row.append(
      el('p', { class: 'w-full text-sm text-ink-soft', [`data-unit-${taken}`]: '' }, t(`units.detail.${taken}Note`)),
      link(similarInquiryPath(unit), t('units.detail.askSimilar'), { 'data-unit-ask-similar': '' }, true),
      link(similarPlanPath(unit), t('units.detail.seeSimilar'), { 'data-unit-see-similar': '' }),
    );
  } else {
    const href = inquiryPath(unit);
    row.append(link(href, t('units.detail.inquire'), { 'data-unit-inquire': '' }, true));
  }
  row.append(
    link(spacePath(unit), t('units.detail.openPage'), { 'data-unit-page': '' }),
    link(specSheetPath(unit), t('units.detail.specSheet'), { 'data-unit-sheet': '', type: 'application/pdf' }),
  );
  return row;
}

/**
 * The plan through the image CDN; the page's lightbox enlarges it (its trigger is a data-lightbox button),
 * filling the screen: on a phone a plan only as wide as the screen is no larger than this one.
 */
function plan(unit: Unit, config: PlanConfig): Node {
  const t = translator(config);
  const alt = t('units.detail.planAlt', { space: spaceName(t, unit) });
  const img = el('img', { src: planImageUrl(unit.plan!, 640), alt, class: 'h-auto max-h-72 w-full rounded-md bg-mist object-contain', decoding: 'async' });
  // Where the image CDN is not there (a plain local server), the original object is the same picture.
  img.addEventListener('error', () => img.setAttribute('src', unit.plan!), { once: true });
  const button = el(
    'button',
    { type: 'button', 'data-lightbox': '', 'data-lightbox-fill': '', 'data-src': unit.plan!, 'data-alt': alt, 'data-close-label': t('ui.lightbox.close'), 'aria-haspopup': 'dialog', class: 'relative block w-full cursor-zoom-in' },
    img,
    el('span', { class: 'absolute bottom-2 right-2 rounded-full bg-night/80 px-3 py-1 text-xs font-semibold text-white' }, t('units.detail.enlargePlan')),
  );
  return el('figure', {}, el('h3', { class: 'mb-2 font-bold' }, t('units.detail.plan')), button);
}

/**
 * 환산임대료 with the rate the visitor sets (default from content), per 평 and per m² of supply area. The
 * allowed range is said at the field; a rate outside it computes nothing and says why, rather than quietly
 * computing with the nearest bound. Each result scrolls into view (below a phone's fold) and is announced.
 */
function estimate(unit: Unit, config: PlanConfig): Node {
  const t = translator(config);
  const won = new Intl.NumberFormat(config.tag, { style: 'currency', currency: 'KRW', maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(config.tag, { maximumFractionDigits: 2 });
  const bounds = { min: percent.format(config.rate.min), max: percent.format(config.rate.max) };
  const rate = el('input', {
    id: 'unit-rate', type: 'number', inputmode: 'decimal', step: '0.1', min: String(config.rate.min), max: String(config.rate.max),
    value: String(config.rate.value), class: 'mt-1 w-28 rounded-md border border-muted bg-paper px-3 py-2 text-base aria-[invalid=true]:border-danger',
    'aria-describedby': 'unit-rate-range unit-rate-help',
  });
  const range = el('p', { id: 'unit-rate-range', class: 'mt-1 text-xs text-muted' }, t('units.detail.estimateRange', bounds));
  const problem = el('p', { id: 'unit-rate-error', role: 'alert', class: 'mt-1 text-sm text-danger', 'data-estimate-error': '' });
  const outputs = { monthly: el('output', { for: 'unit-rate', 'data-estimate': 'monthly', class: 'font-bold' }), perPyeong: el('output', { for: 'unit-rate', 'data-estimate': 'perPyeong' }), perM2: el('output', { for: 'unit-rate', 'data-estimate': 'perM2' }) };
  const row = (key: string, output: HTMLElement) => el('div', { class: 'flex flex-wrap justify-between gap-2' }, el('dt', { class: 'text-muted' }, t(`units.detail.${key}`)), el('dd', {}, output));
  const results = el('dl', { class: 'mt-3 grid scroll-mb-4 gap-1 text-sm' }, row('estimateMonthly', outputs.monthly), row('estimatePerPyeong', outputs.perPyeong), row('estimatePerM2', outputs.perM2));
  const update = () => {
    const value = rate.value.trim() === '' ? NaN : Number(rate.value);
    const valid = Number.isFinite(value) && value >= config.rate.min && value <= config.rate.max;
    const result = valid ? costEstimate(unit, value) : null;
    outputs.monthly.textContent = result ? won.format(result.monthly) : '';
    outputs.perPyeong.textContent = result ? won.format(result.perPyeong) : '';
    outputs.perM2.textContent = result ? won.format(result.perM2) : '';
    problem.textContent = valid ? '' : t('units.detail.estimateRateInvalid', bounds);
    if (valid) rate.removeAttribute('aria-invalid');
    else rate.setAttribute('aria-invalid', 'true');
    rate.setAttribute('aria-describedby', valid ? 'unit-rate-range unit-rate-help' : 'unit-rate-error unit-rate-range');
  };
  rate.addEventListener('input', () => {
    update();
    (rate.getAttribute('aria-invalid') ? problem : results).scrollIntoView({ block: 'nearest', behavior: 'instant' });
  });
  update();
  return el(
    'section',
    { 'aria-labelledby': 'unit-estimate-title', class: 'rounded-xl border border-line p-4' },
    el('h3', { id: 'unit-estimate-title', class: 'font-bold' }, t('units.detail.estimateTitle')),
    el('label', { for: 'unit-rate', class: 'mt-3 block text-sm font-semibold' }, t('units.detail.estimateRate')),
    rate,
    range,
    problem,
    results,
    el('p', { id: 'unit-rate-help', class: 'mt-2 text-xs text-muted' }, t('units.detail.estimateHelp')),
  );
}
