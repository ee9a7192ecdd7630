import type { Locale } from '../../src/i18n/locales.ts';
import type { BrochureData, BrochureText } from '../../src/content/schemas/brochures.ts';

const FONTS: Record<Locale, string> = {
  ko: "'Noto Sans CJK KR'",
  en: "'Noto Sans', 'Noto Sans CJK KR'",
  zh: "'Noto Sans CJK SC'",
  ja: "'Noto Sans CJK JP'",
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `{name}` placeholders filled from the facts, then escaped for HTML. */
function fill(template: string, values: Record<string, string | number>): string {
  return escape(template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole)));
}

/** One A4 page: cover band, facts table, highlights, location and leasing contact (print source only). */
export function brochureHtml(locale: Locale, data: BrochureData, text: BrochureText): string {
  const values = { ...data, height: data.ceilingHeight };
  const f = text.facts;
  const rows: [string, string][] = [
    [f.floors, data.floors],
    [f.totalFloorArea, data.totalFloorArea],
    [f.siteArea, data.siteArea],
    [f.buildingArea, data.buildingArea],
    [f.parking, fill(f.parkingValue, { total: data.parking, mechanical: data.mechanicalParking })],
    [f.elevators, fill(f.elevatorsValue, { total: data.elevators, passenger: data.passengerElevators, emergency: data.emergencyElevators })],
    [f.completion, escape(f.completionValue)],
    [f.ceiling, fill(f.ceilingValue, values)],
  ];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escape(text.title)}</title>
<style>
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
body { margin: 0; font-family: ${FONTS[locale]}, sans-serif; color: #0f172a; font-size: 10.5pt; line-height: 1.55; }
.cover { background: #0b1324; color: #fff; padding: 22mm 18mm 14mm; }
.brand { color: #d9b26a; letter-spacing: .3em; font-size: 11pt; font-weight: 700; margin: 0 0 6mm; }
h1 { font-size: 26pt; margin: 0 0 3mm; line-height: 1.2; }
.tagline { color: #f6ecd9; font-size: 13pt; margin: 0 0 6mm; }
.intro { color: #e2e8f0; margin: 0; max-width: 160mm; }
main { padding: 10mm 18mm 0; }
h2 { font-size: 13pt; color: #8a5d12; border-bottom: 1.5pt solid #b7852f; padding-bottom: 1.5mm; margin: 7mm 0 3mm; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 1.8mm 0; border-bottom: .5pt solid #e2e8f0; vertical-align: top; }
th { width: 38%; color: #334155; font-weight: 500; }
td { font-weight: 700; }
ul { margin: 0; padding-left: 5mm; }
li { margin: 1mm 0; }
.columns { display: flex; gap: 10mm; }
.columns > section { flex: 1; }
footer { position: absolute; bottom: 10mm; left: 18mm; right: 18mm; font-size: 8pt; color: #64748b; }
</style></head>
<body>
<header class="cover">
  <p class="brand">${escape(data.name)}</p>
  <h1>${escape(text.title)}</h1>
  <p class="tagline">${escape(text.tagline)}</p>
  <p class="intro">${escape(text.intro)}</p>
</header>
<main>
  <h2>${escape(text.factsTitle)}</h2>
  <table>${rows.map(([label, value]) => `<tr><th>${escape(label)}</th><td>${value}</td></tr>`).join('')}</table>
  <h2>${escape(text.highlightsTitle)}</h2>
  <ul>${text.highlights.map((item) => `<li>${fill(item, values)}</li>`).join('')}</ul>
  <div class="columns">
    <section><h2>${escape(text.locationTitle)}</h2><p>${escape(text.address)} (${escape(data.postalCode)})<br>${escape(text.location)}</p></section>
    <section><h2>${escape(text.contactTitle)}</h2><p>${fill(text.contact, values)}</p></section>
  </div>
</main>
<footer>${escape(text.footer)}</footer>
</body></html>`;
}
