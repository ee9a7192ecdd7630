/**
 * `npm run lock:complete` — run after `npm install` changes the lock file.
 * The registry mirror of our machines serves only Linux builds of platform-specific optional packages
 * (Tailwind's oxide, Astro's compiler bindings), so npm leaves the others out of package-lock.json and
 * `npm ci` then refuses the lock as out of sync. This adds those entries with their os/cpu, so `npm ci`
 * sees a complete lock and skips them on this platform exactly as it would with the public registry.
 */
import fs from 'node:fs';
interface LockEntry {
  version?: string;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}
const lock: { packages: Record<string, LockEntry> } = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pk = lock.packages;
const platform = (name: string): Record<string, string[]> | null => {
  const m = name.match(/-(android|darwin|linux|win32|freebsd|wasm32)-?([a-z0-9]*)(?:-(gnu|musl|msvc|gnueabihf|wasi))?$/);
  if (!m) return null;
  const [, os, cpu, libc] = m;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const out: Record<string, string[]> = { os: [os!], cpu: [cpu!] };
  if (libc === 'gnu' || libc === 'gnueabihf') out.libc = ['glibc'];
  if (libc === 'musl') out.libc = ['musl'];
  return out;
};
let added = 0;
for (const [path, entry] of Object.entries(pk)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (pk[key] || pk[`${path}/node_modules/${dep}`]) continue;
    const p = platform(dep);
    if (!p) continue;
    pk[key] = { version, optional: true, ...p };
    added++;
  }
}
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: added ${added} platform entries`);
