import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ as a newcomer reads them: the README opens with the two commands and the demo, every link
 * leads somewhere, every route and scheduled job a function declares is described in docs/, every variable the
 * server reads is one row of the configuration table, and the product's documents name no issue numbers (decision
 * records keep their history).
 */

const read = (file: string) => readFileSync(file, 'utf8');

/** The product's documents: the README and docs/ without the decision records. */
function productDocs(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (file !== path.join('docs', 'decisions')) walk(file);
      } else if (entry.name.endsWith('.md')) found.push(file);
    }
  };
  if (existsSync('docs')) walk('docs');
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  return new Set([...read(file).matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) => anchorOf(heading!)));
}

/** Each function's declared paths and schedule, read from its source as Netlify reads them (without running it). */
function functionConfigs(): { name: string; paths: string[]; schedule: string | null }[] {
  return readdirSync('functions').filter((file) => /^[^_.].*\.ts$/.test(file)).sort().map((file) => {
    const source = read(path.join('functions', file));
    const config = source.match(/export const config\b[^=]*=\s*(\{[\s\S]*?\});/)?.[1] ?? '';
    const paths = [...config.matchAll(/'(\/[^']*)'/g)].map(([, route]) => route!);
    const schedule = config.match(/schedule:\s*'([^']+)'/)?.[1] ?? null;
    return { name: file.replace(/\.ts$/, ''), paths, schedule };
  });
}

/** A declared path as a pattern: `:param` stands for one segment, the last slash is optional, a locale prefix dropped. */
function routePattern(route: string): RegExp {
  const bare = route.replace(/^\/(en|zh|ja)(?=\/)/, '').replace(/\/$/, '');
  const source = bare.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source}/?$`);
}

/** Every path the API pages write (`{id}`, `<floor>` standing for one segment), without query or fragment. */
function documentedPaths(): string[] {
  const dir = path.join('docs', 'api');
  const text = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.md')).map((file) => read(path.join(dir, file))).join('\n') : '';
  return [...text.matchAll(/\/[A-Za-z0-9._~{}<>:-]+(?:\/[A-Za-z0-9._~{}<>:-]*)*/g)].map(([found]) => found!.replace(/\{\w+\}|<[\w ]+>/g, 'x'));
}

describe('the README', () => {
  const readme = read('README.md');
  const lines = readme.split('\n');

  it('opens with the two commands, then the demo right under them', () => {
    const block = lines.findIndex((line) => line.startsWith('```'));
    expect(block, 'a code block near the top').toBeGreaterThan(-1);
    expect(block).toBeLessThan(4);
    expect(lines[block + 1]).toMatch(/^npm install && npm start(\s|$)/);
    expect(lines[block + 2]).toMatch(/^npm test(\s|$)/);
    expect(lines[block + 3]).toBe('```');
    const next = lines.slice(block + 4).find((line) => line.trim() !== '');
    expect(next).toContain('`npm run demo`');
  });

  it('says which address, account and password the demo uses, and where its mails are', () => {
    const demo = readme.slice(readme.indexOf('## The demo'));
    expect(readme).toContain('## The demo');
    expect(demo).toContain('http://localhost:8888/');
    expect(demo).toMatch(/\*\*Accounts?\*\*/);
    expect(demo).toContain('.data/demo/admin-password');
    expect(demo).toMatch(/\*\*Mails?\*\*/);
    expect(demo).toContain('.data/demo/mail/');
    for (const account of ['`admin`', '`agent`', '`viewer`']) expect(demo).toContain(account);
  });

  it('stays short and leads to each document of docs/', () => {
    expect(lines.length).toBeLessThan(100);
    for (const doc of ['docs/api/README.md', 'docs/operations.md', 'docs/testing.md', 'docs/decisions/']) expect(readme).toContain(`(${doc})`);
  });
});

describe('the documents in docs/', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of productDocs()) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [relative, anchor] = target!.split('#');
        const linked = relative ? path.normalize(path.join(path.dirname(file), relative)) : file;
        if (!existsSync(linked)) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && statSync(linked).isFile() && !anchorsIn(linked).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('list every page of docs/api/ in its index', () => {
    const index = read(path.join('docs', 'api', 'README.md'));
    const pages = readdirSync(path.join('docs', 'api')).filter((file) => file.endsWith('.md') && file !== 'README.md');
    expect(pages.filter((page) => !index.includes(`](${page})`))).toEqual([]);
  });

  it('name no issue numbers (the decision records keep theirs)', () => {
    const found = productDocs().flatMap((file) =>
      read(file).split('\n').flatMap((line, i) => (/\bissues?\s+#?\d+|\(#\d+\)/i.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 80)}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('describe every route a function declares in docs/api/', () => {
    const documented = documentedPaths();
    const missing = functionConfigs().flatMap(({ name, paths }) =>
      paths.filter((route) => !documented.some((doc) => routePattern(route).test(doc.replace(/\/$/, '') || '/'))).map((route) => `${name}: ${route}`),
    );
    expect(functionConfigs().length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it('name every scheduled function in the operations guide', () => {
    const operations = read('docs/operations.md');
    const scheduled = functionConfigs().filter((fn) => fn.schedule);
    expect(scheduled.length).toBeGreaterThan(5);
    expect(scheduled.filter((fn) => !operations.includes(`\`${fn.name}\``)).map((fn) => fn.name)).toEqual([]);
  });

  it('give each variable the server reads one row of the configuration table', () => {
    const operations = read('docs/operations.md');
    const section = operations.slice(operations.indexOf('## Configuration'), operations.indexOf('\n## ', operations.indexOf('## Configuration') + 1));
    const rows = section.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split('|')[1]!);
    const variables = [...new Set([...read('src/server/env.ts').matchAll(/source\.([A-Z][A-Z_]+)/g)].map(([, name]) => name!))];
    expect(variables).toContain('SITE_URL');
    for (const name of variables) expect(rows.filter((cell) => cell.includes(`\`${name}\``)), name).toHaveLength(1);
  });
});
