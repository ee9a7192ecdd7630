import { existsSync } from 'node:fs';
import { glob, readFile } from 'node:fs/promises';
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { parse } from 'smol-toml';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadFunctionRoutes } from '../../netlify-local/function-routes.ts';
import { loadFunctionsConfig, zisiConfig, type NetlifyFunctionsConfig } from '../../scripts/lib/netlify-functions-config.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales.ts';

interface NetlifyToml {
  build?: { command?: string; publish?: string; environment?: Record<string, string> };
  redirects?: { from?: string; to?: string; status?: number; force?: boolean }[];
}

const packageJson = JSON.parse(await readFile('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const major = (version: string) => Number(/\d+/.exec(version)?.[0]);

describe('netlify.toml deploys what the repository builds', () => {
  let toml: NetlifyToml;
  let functions: NetlifyFunctionsConfig;
  beforeAll(async () => {
    toml = parse(await readFile('netlify.toml', 'utf8')) as NetlifyToml;
    functions = await loadFunctionsConfig('netlify.toml');
  });

  it('builds with npm run build into dist on the Node the project ships', () => {
    expect(toml.build?.command).toBe('npm run build');
    expect(packageJson.scripts.build).toBeDefined();
    // Astro's outDir without ASTRO_OUT_DIR (astro.config.mjs).
    expect(toml.build?.publish).toBe('dist');
    expect(major(toml.build?.environment?.NODE_VERSION ?? '')).toBe(major(packageJson.devDependencies.node ?? ''));
  });

  it('ships schema.sql with every function and the brochures with the download, but not PGlite', async () => {
    expect(functions.directory).toBe('functions');
    const config = zisiConfig(functions, '.');
    expect(config['*']?.includedFiles).toContain('schema.sql');
    expect(config['*']?.includedFiles).toContain('!node_modules/@electric-sql/pglite/**');
    expect(config['download-brochure']?.includedFiles).toContain('content/brochures/*.pdf');
    for (const [name, settings] of Object.entries(config)) {
      // dist/ is the build's output (share-page shells, decision 017): it exists only after `npm run build`,
      // so `npm run bundle` checks those bundles carry it; sources must exist now.
      for (const pattern of settings.includedFiles?.filter((file) => !file.startsWith('!') && !file.startsWith('dist/')) ?? []) {
        expect(await Array.fromAsync(glob(pattern)), `${name}: ${pattern} matches no file`).not.toHaveLength(0);
      }
    }
  });

  it('routes every function on Netlify exactly as the local server does', async () => {
    const local = new Map((await loadFunctionRoutes(functions.directory)).map((route) => [route.name, route.patterns.map((p) => p.pathname).sort()]));
    // What Netlify's build reads from each function's `config` (statically, without running it).
    const listed = await listFunctions([functions.directory], { parseISC: true });
    expect(listed.map((fn) => fn.name).sort()).toEqual(expect.arrayContaining([...local.keys()]));
    for (const fn of listed) {
      const netlify = (fn.routes ?? []).map((route) => route.pattern).sort();
      if (fn.schedule) expect(netlify, fn.name).toEqual([]);
      else expect(netlify, fn.name).toEqual(local.get(fn.name));
    }
  });

  it("shows each language's 404 page for unknown paths under its prefix without shadowing real pages", () => {
    expect(existsSync('src/pages/404.astro')).toBe(true);
    expect(existsSync('src/pages/[locale]/404.astro')).toBe(true);
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      const rule = toml.redirects?.find((r) => r.from === `/${locale}/*`);
      expect(rule, locale).toMatchObject({ to: `/${locale}/404`, status: 404 });
      // A forced rule would answer 404 for /en/floors too.
      expect(rule?.force, locale).not.toBe(true);
    }
  });
});
