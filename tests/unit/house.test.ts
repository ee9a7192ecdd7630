import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository's own source files under `dirs`, as repo-relative paths. */
function sources(dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx|mjs|astro)$/.test(entry.name)) found.push(file);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return found;
}

/** Each file's local imports (relative or `~/`), resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]((?:\.{1,2}|~)\/[^'"]+)['"]/g)) {
      const base = path.normalize(spec!.startsWith('~/') ? path.join('src', spec!.slice(2)) : path.join(path.dirname(file), spec!));
      const target = ['', '.ts', '.tsx', '.mjs', '/index.ts'].map((ext) => base + ext).find((c) => existsSync(c) && statSync(c).isFile());
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Import cycles, each as the files on it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') found.push(stack.slice(stack.indexOf(dep)));
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the shape of the house (issue 15)', () => {
  const graph = importGraph(sources(['src', 'functions', 'netlify-local', 'build', 'scripts']));

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps lower layers from importing upward: i18n and shared know nothing of content, server, islands or pages', () => {
    const upward = [...graph].flatMap(([file, deps]) =>
      /^src\/(i18n|shared)\//.test(file) ? deps.filter((dep) => /^src\/(content|server|islands|client|pages|components)\//.test(dep)).map((dep) => `${file} → ${dep}`) : [],
    );
    expect(upward).toEqual([]);
  });

  it('runs npm start from netlify-local/ and the build, never from scripts/ (one-shot tooling only)', () => {
    const runtime = [...graph].filter(([file]) => /^(netlify-local|build|functions|src)\//.test(file));
    const intoScripts = runtime.flatMap(([file, deps]) => deps.filter((dep) => dep.startsWith('scripts/')).map((dep) => `${file} → ${dep}`));
    expect(intoScripts).toEqual([]);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).not.toMatch(/scripts\//);
  });

  it('lets no function parse its own path with a regular expression: routes come from config.path', () => {
    const parsing = sources(['functions']).filter((file) => /pathname\s*\.\s*(match|replace|split)\(|new RegExp\(/.test(readFileSync(file, 'utf8')));
    expect(parsing).toEqual([]);
  });

  it('keeps src/server/ to a handful of loose files; the rest sits in folders named by subject', () => {
    const loose = readdirSync('src/server').filter((name) => statSync(path.join('src/server', name)).isFile());
    expect(loose.length).toBeLessThanOrEqual(5);
  });

  it('keeps the inbox\'s browser code in a folder named for it, not a pile of inbox-* files in src/client/', () => {
    expect(readdirSync('src/client').filter((name) => name.startsWith('inbox-'))).toEqual([]);
    expect(readdirSync('src/client/inbox').sort()).toEqual(['api.ts', 'first-page.ts', 'format.ts', 'url.ts']);
  });

  it('keeps no brand, space, inquiry or tour screen loose in src/islands/admin/: each subject has its folder', () => {
    const loose = readdirSync('src/islands/admin').filter((name) => statSync(path.join('src/islands/admin', name)).isFile());
    expect(loose.filter((name) => /^(brand|unit|inquir|tour)/i.test(name))).toEqual([]);
  });

  it('composes an inquiry\'s detail of sections, one folder per subject, each listed once in sections.ts', () => {
    const root = 'src/islands/admin/inquiry';
    const folders = readdirSync(root).filter((name) => statSync(path.join(root, name)).isDirectory()).sort();
    const list = readFileSync(path.join(root, 'sections.ts'), 'utf8');
    const listed = [...list.matchAll(/subject: '([^']+)'/g)].map(([, subject]) => subject!);
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
    // Each section comes from its own folder, and the detail shows only what the list holds.
    for (const subject of listed) expect(list).toMatch(new RegExp(`from '\\./${subject}/|import\\('\\./${subject}/`));
    expect(folders).toEqual(expect.arrayContaining(['contact', 'history', 'privacy', 'tours']));
    const detail = readFileSync(path.join(root, 'InquiryDetail.tsx'), 'utf8');
    expect(detail).toContain('INQUIRY_SECTIONS.map');
    expect(detail).not.toMatch(/from '\.\/(?!privacy\/PrivacySection|section|sections)[a-z]+\//);
  });
});
