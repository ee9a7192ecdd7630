import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import brands from '../../functions/brands.ts';
import brandPages from '../../functions/brand-pages.ts';
import { runDealDates } from '../../src/server/deal-dates/run.ts';
import { koreanDay } from '../../src/shared/business-hours.ts';
import { addDays } from '../../src/shared/deals/schedule.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { useBuiltSite } from '../support/built-site.ts';
import { shareWords } from '../../src/content/share-words.ts';
import { LOCALES } from '../../src/i18n/locales.ts';
import { SHELL_TOKENS, shellPath, wordsPath } from '../../src/shared/share-shell.ts';
import { availableBackends } from '../support/db-backends.ts';
import { staffAccount, type TestAccount } from '../support/staff.ts';

const today = () => koreanDay(new Date());

/** The build's brand shells and words, as the brand page function reads them. */
function builtBrandShell(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const locale of LOCALES) {
    files[`${shellPath('brand', locale).slice(1)}index.html`] = `<html><head><title>${SHELL_TOKENS.title}</title>${SHELL_TOKENS.head}</head><body><main>${SHELL_TOKENS.main}</main></body></html>`;
    files[wordsPath(locale).slice(1)] = JSON.stringify(shareWords(locale, new URL('https://btower.example')));
  }
  files['404.html'] = '<html><body>404</body></html>';
  return files;
}

/** Issue 40: the brand directory's states — hidden, coming soon (with its month), open, closed — and who sets them. */
describe.each(availableBackends())('the brand directory follows its states, on $name', (backend) => {
  const ctx = useApiBackend(backend);
  let admin = '';
  let agent: TestAccount;
  let viewer: TestAccount;
  let thumbnail = '';
  let site: Awaited<ReturnType<typeof useBuiltSite>>;

  const newBrand = async (overrides: Record<string, unknown> = {}) => {
    const made = await call(brands, 'POST', '/api/brands', { token: admin, body: brandBody(thumbnail, { name: `Brand ${randomUUID().slice(0, 8)}`, ...overrides }) });
    expect(made.status, made.text).toBe(201);
    return made.json as { id: string; slug: string; version: number };
  };
  const setState = (brand: { id: string }, body: Record<string, unknown>, token = agent.token, version?: number) =>
    call(brands, 'PATCH', `/api/brands/${brand.id}`, { token, body, headers: version === undefined ? {} : { 'If-Match': `"${version}"` } });
  const publicIds = async () => ((await call(brands, 'GET', '/api/brands')).json as { id: string }[]).map((brand) => brand.id);
  const page = async (slug: string, lang = '') => {
    const response = await brandPages(new Request(`http://127.0.0.1${lang}/brands/${encodeURIComponent(slug)}/`), { params: { slug } } as never);
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    site = await useBuiltSite(builtBrandShell());
    admin = await adminToken();
    agent = await staffAccount(admin, 'agent');
    viewer = await staffAccount(admin, 'viewer');
    thumbnail = await uploaded('thumbnail');
  });
  afterAll(() => site.remove());

  it('a brand made by hand is open; hidden it leaves the public list and its page, the team still lists it', async () => {
    const brand = await newBrand();
    expect((await call(brands, 'GET', '/api/brands')).json.find((one: { id: string }) => one.id === brand.id)).toMatchObject({ directoryState: 'open', openingOn: null });
    const hidden = await setState(brand, { directoryState: 'hidden' }, agent.token, brand.version);
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.json).toMatchObject({ directoryState: 'hidden' });
    expect(await publicIds()).not.toContain(brand.id);
    expect((await page(brand.slug)).status).toBe(404);
    // Asked for by name: a signed-in person browsing /brands still gets the visitors' list.
    expect(((await call(brands, 'GET', '/api/brands', { token: admin })).json as { id: string }[]).map((one) => one.id)).not.toContain(brand.id);
    const team = await call(brands, 'GET', '/api/brands?audience=team', { token: viewer.token });
    expect(team.status).toBe(200);
    expect(team.headers.get('cache-control')).toBe('no-store');
    expect((team.json as { id: string }[]).map((one) => one.id)).toContain(brand.id);
    expect((await call(brands, 'GET', '/api/brands?audience=team')).status).toBe(401);
    expect((await call(brands, 'GET', '/api/brands?audience=everyone', { token: admin })).json.error.fields).toEqual({ audience: 'leases.errors.audienceInvalid' });
    // Stale: the version it was based on moved.
    expect((await setState(brand, { directoryState: 'open' }, agent.token, brand.version)).json.error.code).toBe('conflict');
    expect((await setState(brand, { directoryState: 'open' }, viewer.token)).status).toBe(403);
  });

  it('coming soon needs an opening day and a complete brand; it reads "2027년 3월 오픈 예정" in four languages, and opens on its day', async () => {
    const brand = await newBrand();
    expect((await setState(brand, { directoryState: 'coming_soon' })).json.error).toMatchObject({ code: 'invalid_input', fields: { openingOn: 'leases.errors.openingRequired' } });
    const opening = addDays(today(), 40);
    const soon = await setState(brand, { directoryState: 'coming_soon', openingOn: opening });
    expect(soon.json).toMatchObject({ directoryState: 'coming_soon', openingOn: opening });
    const month = (tag: string) => new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${opening}T00:00:00Z`));
    expect((await page(brand.slug)).text).toContain(`${month('ko-KR')} 오픈 예정`);
    expect((await page(brand.slug, '/en')).text).toContain(`Opening ${month('en-GB')}`);
    expect((await page(brand.slug, '/zh')).text).toContain(`${month('zh-CN')}开业`);
    expect((await page(brand.slug, '/ja')).text).toContain(`${month('ja-JP')}オープン予定`);
    expect(await publicIds()).toContain(brand.id);
    await runDealDates(ctx.db, new Date(`${addDays(opening, -1)}T12:00:00+09:00`));
    expect((await call(brands, 'GET', '/api/brands?audience=team', { token: admin })).json.find((one: { id: string }) => one.id === brand.id).directoryState).toBe('coming_soon');
    await runDealDates(ctx.db, new Date(`${opening}T12:00:00+09:00`));
    expect((await call(brands, 'GET', '/api/brands?audience=team', { token: admin })).json.find((one: { id: string }) => one.id === brand.id).directoryState).toBe('open');
    // A brand without a picture is not shown (a new draft brand of a lease starts so).
    const bare = await ctx.db.insertInto('brands').values({ name: `Bare ${randomUUID().slice(0, 6)}`, category: 'F&B', floor: '1F', contactInfo: '{}', directoryState: 'hidden' }).returning('id').executeTakeFirstOrThrow();
    expect((await setState(bare, { directoryState: 'coming_soon', openingOn: opening })).json.error.fields).toEqual({ directoryState: 'leases.errors.brandIncomplete' });
  });

  it('a closed brand is gone: 410 for its page, off the list', async () => {
    const brand = await newBrand();
    expect((await setState(brand, { directoryState: 'closed' })).status).toBe(200);
    expect((await page(brand.slug)).status).toBe(410);
    expect(await publicIds()).not.toContain(brand.id);
  });

  it('PUT of the brand form keeps its directory state; the undo of a delete brings it back hidden as it was', async () => {
    const brand = await newBrand();
    await setState(brand, { directoryState: 'hidden' });
    const edited = await call(brands, 'PUT', `/api/brands/${brand.id}`, { token: admin, body: brandBody(thumbnail, { name: 'Renamed but still hidden' }) });
    expect(edited.json.directoryState).toBe('hidden');
    await call(brands, 'DELETE', `/api/brands/${brand.id}`, { token: admin });
    const restored = await call(brands, 'POST', `/api/brands/${brand.id}/restore`, { token: admin });
    expect(restored.json.directoryState).toBe('hidden');
    expect(await publicIds()).not.toContain(brand.id);
  });
});
