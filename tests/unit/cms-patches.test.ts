import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from '../../build/cms/precompress.ts';
import { applySveltiaPatches, SVELTIA_PATCHES } from '../../build/cms/sveltia-patches.ts';
import { precompressedCopy } from '../../netlify-local/static-files.ts';

const SVELTIA = readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@sveltia/cms/npm/index.js'), 'utf8');

describe('the CMS as the build bundles it (decision 039)', () => {
  it('asks no third party for GitHub’s status, skips the start-up schema check and YAML hash, logs failed sign-ins as warnings', () => {
    const patched = applySveltiaPatches(SVELTIA);
    expect(patched).not.toContain('githubstatus.com/api');
    expect(patched).toContain('`data:application/json,{"status":{"indicator":"none"}}`');
    expect(patched).toMatch(/schemas:void 0,collectors:/);
    expect(patched).toMatch(/\.current=await [\w$]+\(JSON\.stringify\([\w$]+\)\),console\.debug\(`CMS configuration:`/);
    expect(patched).toMatch(/\.signInError=\{message:[\w$]+,context:[\w$]+\},console\.warn\(/);
    expect(patched).not.toContain('cdn.jsdelivr.net/fontsource');
  });

  it('fails the build, naming the patch, when an upgraded CMS no longer has the code a patch changes', () => {
    const moved = SVELTIA.replace('https://www.githubstatus.com/api/v2/status.json', 'https://status.example/api.json');
    expect(() => applySveltiaPatches(moved)).toThrow(/patch "no GitHub status check" matched 0 times/);
    expect(SVELTIA_PATCHES.map((p) => p.name)).toHaveLength(4);
  });
});

describe('precompressed files (issue 29)', () => {
  it('are written beside the text files and served by the local server for the encoding asked, unless older than the file', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'cms-precompress-'));
    try {
      const script = path.join(folder, 'app.js');
      const text = 'export const words = ' + JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`)) + ';\n';
      writeFileSync(script, text);
      writeFileSync(path.join(folder, 'tiny.js'), 'export {};\n');
      expect(await precompress(folder)).toBe(1);
      const file = { body: Buffer.from(text), type: 'text/javascript; charset=utf-8', file: script };
      expect(brotliDecompressSync((await precompressedCopy(file, 'br'))!).toString()).toBe(text);
      expect(gunzipSync((await precompressedCopy(file, 'gzip'))!).toString()).toBe(text);
      expect(await precompressedCopy(file, null)).toBeNull();
      expect(await precompressedCopy({ ...file, file: path.join(folder, 'tiny.js') }, 'br')).toBeNull();
      // A file changed after it was compressed is compressed on the way out instead.
      const later = new Date(Date.now() + 60_000);
      utimesSync(script, later, later);
      expect(await precompressedCopy(file, 'br')).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
