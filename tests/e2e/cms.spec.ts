import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { cmsField, isolated, readRepositoryFolder, repositoryFiles, revealField, seedRepository, stubDirectoryPicker } from './support/cms.ts';
import { freePort, startLocalServer, type RunningServer } from '../../netlify-local/spawn.ts';
import { copyRepository } from '../support/repo-copy.ts';
import { CONTENT_KINDS, jsonSchemaOf } from '../../src/content/json-schemas.ts';
import { sharedValueMismatches } from '../../src/content/same-in-every-language.ts';
import { parseContent } from '../../src/content/validate.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

/**
 * Content editors at /cms/ (issue 19): the real CMS (Sveltia, as the build bundles it) in Chromium, offline,
 * in its local-repository mode on a folder of the browser's private file system. The test edits a floor's
 * English description, adds a half-year with a JPEG photo and its captions in four languages, saves, checks
 * the files the CMS wrote against the build's own validation, puts them into a copy of the repository that a
 * local server with the content watcher (npm start) serves, and waits for the rebuilt pages to show them.
 */
/**
 * The first screen (issue 28 item 10), on a phone and a desktop: it says what the page is (B TOWER's editor),
 * that the local server means local mode and how to use it, names the repository setting (never a
 * placeholder), and GitHub's sign-in, impossible on the local server, fails at once with a message instead of
 * "로그인하는 중…" for ever. No console error and no policy violation on the way.
 */
test.describe('the CMS’s first screen', () => {
  test.use({ locale: 'ko-KR' });

  test('names B TOWER and local mode, says how to use it, and fails GitHub’s sign-in with a message, without a console error', async ({ page, consoleErrors, isMobile }) => {
    // Starting the CMS (≈2 MB of script) took over 90 s at a load of ~48.
    test.setTimeout(180_000);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { policyViolations: string[] }).policyViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto('/cms/');
    const intro = page.getByRole('banner').filter({ hasText: 'B TOWER' });
    await expect(intro).toContainText('B TOWER 콘텐츠 편집');
    await expect(intro).toContainText('로컬 모드');
    // On a phone the how-to starts folded under its summary.
    const howTo = intro.getByText('사용 방법');
    if (isMobile) await howTo.click();
    const origin = new URL(page.url()).host;
    await expect(intro).toContainText('B TOWER 웹사이트의 글과 사진을 네 언어');
    await expect(intro).toContainText(`이 컴퓨터의 서버(${origin})에서 열었습니다`);
    await expect(intro).toContainText('GitHub 로그인은 배포된 사이트의 /cms/에서만 됩니다.');
    // The repository the build was told (CMS_GITHUB_REPO, Netlify's, the checkout's GitHub remote), or how to set it.
    await expect(intro).toContainText(/GitHub 저장소: [\w.-]+\/[\w.-]+|GitHub 저장소가 정해지지 않았습니다\. 사이트를 빌드할 때 CMS_GITHUB_REPO에/);

    // The CMS's own screen carries B TOWER's name, and its local hint no placeholder.
    await expect(page.getByRole('heading', { name: 'B TOWER 콘텐츠 편집' })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('button', { name: '로컬 저장소로 작업' })).toBeVisible();
    await expect(page.getByText(/저장소의 루트 디렉터리를 선택하십시오/)).toBeVisible();
    expect(await page.locator('body').innerText()).not.toContain('REPOSITORY');

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: /GitHub.*로그인/ }).click();
    await popup;
    await expect(page.getByRole('alert').filter({ hasText: '이 로컬 서버에서는 GitHub로 로그인할 수 없습니다.' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('로그인하는 중…')).toHaveCount(0);
    // The way in that works here is still offered beside the message.
    await expect(page.getByRole('button', { name: '로컬 저장소로 작업' })).toBeEnabled();

    expect(consoleErrors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)).toEqual([]);
  });

  // The language comes from the same preferences on any screen; the phone is covered above.
  test('speaks the editor’s language: Japanese picked in the CMS', { tag: '@desktop-only' }, async ({ page, consoleErrors }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => localStorage.setItem('sveltia-cms.prefs', JSON.stringify({ locale: 'ja' })));
    await page.goto('/cms/');
    const intro = page.getByRole('banner').filter({ hasText: 'B TOWER' });
    await expect(intro).toContainText('B TOWER コンテンツ編集');
    await expect(intro).toContainText('ローカルモード');
    await expect(intro).toContainText('「ローカルリポジトリで作業」を押し');
    // The band sets ja-JP; the CMS sets its own code (ja) when it starts, before or after the band: both say Japanese.
    await expect(page.locator('html')).toHaveAttribute('lang', /^ja(-JP)?$/);
    await expect(page.getByRole('button', { name: 'ローカルリポジトリで作業' })).toBeVisible({ timeout: 120_000 });
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: /GitHub/ }).first().click();
    await popup;
    await expect(page.getByRole('alert').filter({ hasText: 'このローカルサーバーでは GitHub でログインできません。' })).toBeVisible({ timeout: 30_000 });
    expect(consoleErrors).toEqual([]);
  });
});

// The CMS is a desktop tool, and one run of it is enough.
test.describe('content editors’ CMS', { tag: '@desktop-only' }, () => {
  test.use({ locale: 'ko-KR' });

  test('is served with its own policy, noindex, outside the sitemap, and loads nothing from a third party', async ({ page, request }) => {
    // Starting the CMS (≈3 MB of script) took over 90 s at a load of ~48.
    test.setTimeout(180_000);
    const cms = await request.get('/cms/');
    expect(cms.status()).toBe(200);
    const headers = cms.headers();
    expect(headers['content-security-policy']).toContain('connect-src \'self\' data: blob: https://api.github.com');
    expect(headers['content-security-policy']).not.toContain('unpkg.com');
    expect(headers['content-security-policy']).not.toContain('jsdelivr');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(await cms.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    // Every other page keeps the site's policy.
    const home = (await request.get('/')).headers();
    // COOP where a session lives (decision 047): the admin panel, not the public pages.
    expect(home['cross-origin-opener-policy']).toBeUndefined();
    expect((await request.get('/admin')).headers()['cross-origin-opener-policy']).toBe('same-origin');
    expect(home['content-security-policy']).toContain("connect-src 'self'");
    expect(home['content-security-policy']).not.toContain('api.github.com');
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/cms');
    expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /cms/');

    // The fixture aborts any request that leaves the local server; none may be made.
    const outside: string[] = [];
    page.on('request', (r) => !/^(http:\/\/127\.0\.0\.1(:\d+)?\/|data:|blob:)/.test(r.url()) && outside.push(r.url()));
    await page.goto('/cms/');
    // Korean is the CMS's own language.
    await expect(page.getByRole('button', { name: '로컬 저장소로 작업' })).toBeVisible({ timeout: 120_000 });
    expect(outside).toEqual([]);
  });

  test.describe('editing the working copy', () => {
    let copy: string;
    let server: RunningServer;

    test.beforeAll(async () => {
      // Copying the build and starting a server (PGlite, functions) on a busy machine.
      test.setTimeout(420_000);
      copy = copyRepository('cms-e2e-');
      // The copy starts out serving the build under test, as `npm start` would after its first build.
      const built = path.join(copy, '.builds/dist/0-initial');
      mkdirSync(path.dirname(built), { recursive: true });
      cpSync(realpathSync(process.env.ASTRO_OUT_DIR ?? 'dist'), built, { recursive: true });
      symlinkSync(path.relative(copy, built), path.join(copy, 'dist'));
      server = await startLocalServer(
        await freePort(),
        { DIST_DIR: path.join(copy, 'dist'), DATA_DIR: path.join(copy, '.data'), DATABASE_URL: 'memory://', ADMIN_PASSWORD: 'cms-e2e-password' },
        { cwd: copy, watchContent: true },
      );
    });

    test.afterAll(async () => {
      await server?.stop();
      if (copy) rmSync(copy, { recursive: true, force: true });
    });

    test('saves a floor’s English words and a new half-year with a JPEG photo and four captions; the rebuilt site shows them', async ({ page, context }) => {
      test.setTimeout(420_000);
      await stubDirectoryPicker(context);
      await page.goto(`${server.origin}/robots.txt`);
      await seedRepository(page, repositoryFiles(copy, ['content']));
      await page.goto(`${server.origin}/cms/`);
      await page.getByRole('button', { name: '로컬 저장소로 작업' }).click();

      // A floor's English description, beside the Korean.
      await page.getByText('층별 안내', { exact: true }).first().click();
      await page.getByRole('radio', { name: '영어' }).last().click();
      await (await revealField(page, 'en', 'sections')).getByRole('button', { name: '모두 펼치기' }).click();
      const description = 'A restaurant floor rebuilt for all-day dining: lunch for the offices, dinner for the neighbourhood.';
      await (await revealField(page, 'en', 'sections.3.description')).locator('textarea').fill(description);
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await expect(page.getByText(/엔트리 \u2068?1\u2069?개가 저장되었습니다/)).toBeVisible({ timeout: 30_000 });

      // A new half-year and its photo: ids and the image once, in Korean; the words in every language.
      await page.getByText('공사 현황', { exact: true }).first().click();
      await page.getByRole('radio', { name: '영어' }).last().click();
      await cmsField(page, 'ko', 'periods').getByRole('button', { name: isolated('반기별 공정') }).click();
      await (await revealField(page, 'ko', 'periods.4.id')).locator('input').fill('2026h1');
      await (await revealField(page, 'ko', 'periods.4.title')).locator('input').fill('2026년 상반기');
      await (await revealField(page, 'ko', 'periods.4.status')).locator('input').fill('준공 및 입주 준비');
      await cmsField(page, 'ko', 'photos').getByRole('button', { name: isolated('공사 사진') }).click();
      await (await revealField(page, 'ko', 'photos.20.period')).locator('input').fill('2026h1');
      const photo = path.join(copy, 'completion-2026h1.jpg');
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 120, g: 140, b: 160 } } }).jpeg({ quality: 80 }).toFile(photo);
      await (await revealField(page, 'ko', 'photos.20.file')).locator('input[type=file]').first().setInputFiles(photo);
      await (await revealField(page, 'ko', 'photos.20.alt')).locator('input').fill('준공을 마친 B TOWER 전경');
      await (await revealField(page, 'ko', 'photos.20.caption')).locator('input').fill('준공');
      const words = {
        en: ['First half of 2026', 'Completion and move-in preparations', 'B TOWER on completion', 'Completion'],
        zh: ['2026年上半年', '竣工及入驻准备', '竣工后的B TOWER全景', '竣工'],
        ja: ['2026年上半期', '竣工・入居準備', '竣工したB TOWERの全景', '竣工'],
      } as const;
      const tabs = { en: '영어', zh: '중국어', ja: '일본어' } as const;
      for (const [locale, [title, status, alt, caption]] of Object.entries(words) as [keyof typeof words, readonly string[]][]) {
        await page.getByRole('radio', { name: tabs[locale] }).last().click();
        await (await revealField(page, locale, 'periods.4.title')).locator('input').fill(title!);
        await (await revealField(page, locale, 'periods.4.status')).locator('input').fill(status!);
        await (await revealField(page, locale, 'photos.20.alt')).locator('input').fill(alt!);
        await (await revealField(page, locale, 'photos.20.caption')).locator('input').fill(caption!);
      }
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await expect(page.getByText(/엔트리 \u2068?1\u2069?개가 저장되었습니다/)).toBeVisible({ timeout: 30_000 });

      // What the CMS wrote passes the build's validation, and the four language files agree.
      const written = { ...(await readRepositoryFolder(page, 'content/construction')), ...prefix('floors', await readRepositoryFolder(page, 'content/floors')) };
      const text = (name: string) => Buffer.from(written[name]!, 'base64').toString('utf8');
      for (const [area, files] of [['construction', LOCALES.map((l) => `${l}.json`)], ['floors', LOCALES.map((l) => `floors/${l}.json`)]] as const) {
        const kind = CONTENT_KINDS.find((k) => k.area === area)!;
        const ko = JSON.parse(text(files[0]!));
        files.forEach((name, i) => {
          const data = JSON.parse(text(name));
          expect(() => parseContent(`content/${area}/${LOCALES[i]}.json`, kind.schema, data)).not.toThrow();
          expect(sharedValueMismatches(jsonSchemaOf(kind), ko, data, `content/${area}/ko.json`)).toEqual([]);
        });
      }
      const en = JSON.parse(text('en.json'));
      expect(en.periods.at(-1)).toEqual({ id: '2026h1', title: 'First half of 2026', status: 'Completion and move-in preparations' });
      expect(en.photos.at(-1)).toEqual({ period: '2026h1', file: '/src/assets/illustrations/construction/completion-2026h1.jpg', alt: 'B TOWER on completion', caption: 'Completion' });
      expect(JSON.parse(text('floors/en.json')).sections[3].description).toBe(description);
      // Written as the repository keeps it: the "$schema" line first, two-space JSON, a final newline.
      expect(text('ja.json')).toMatch(/^\{\n {2}"\$schema": "\.\.\/\.schemas\/construction-text\.json",\n {2}"periods": \[\n/);
      expect(text('ja.json').endsWith('}\n')).toBe(true);
      const photos = await readRepositoryFolder(page, 'src/assets/illustrations/construction');
      expect(Object.keys(photos)).toContain('completion-2026h1.jpg');

      // Into the working copy, as the CMS writes on a developer's machine: npm start's watcher rebuilds.
      for (const [name, bytes] of Object.entries(written)) writeFileSync(path.join(copy, 'content', name.includes('/') ? name : `construction/${name}`), Buffer.from(bytes, 'base64'));
      writeFileSync(path.join(copy, 'src/assets/illustrations/construction/completion-2026h1.jpg'), Buffer.from(photos['completion-2026h1.jpg']!, 'base64'));
      await expect
        .poll(async () => (await fetch(`${server.origin}/architecture`)).text(), { timeout: 300_000, intervals: [2_000], message: `no rebuild:\n${server.log().slice(-2000)}` })
        .toContain('2026년 상반기');
      // The new build is served the moment it is published; the watcher says so when its build process has exited.
      await expect.poll(() => server.log(), { timeout: 60_000 }).toContain('the new content is live');

      await page.goto(`${server.origin}/architecture`);
      const period = page.locator('#construction-2026h1');
      await expect(period.getByRole('heading', { name: '2026년 상반기' })).toBeVisible();
      await expect(period.getByText('준공 및 입주 준비')).toBeVisible();
      // The photo is optimised by the build like the drawings: a resized WebP under /_astro/.
      await expect(period.getByRole('img', { name: '준공을 마친 B TOWER 전경' }).first()).toHaveAttribute('src', /\/_astro\/completion-2026h1\.[\w-]+\.webp$/);
      await page.goto(`${server.origin}/en/architecture`);
      await expect(page.locator('#construction-2026h1').getByRole('heading', { name: 'First half of 2026' })).toBeVisible();
      await page.goto(`${server.origin}/en/floors`);
      await expect(page.getByText(description)).toBeVisible();
      expect(existsSync(path.join(copy, 'dist/architecture/index.html'))).toBe(true);
    });
  });
});

const prefix = (folder: string, files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`${folder}/${name}`, bytes]));
