/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit and API tests run through Astro's Vite config, so `import.meta.glob` and the `~` alias work as in pages.
export default getViteConfig({
  test: {
    // Budgets, not waits (docs/testing.md, "Time in tests"): at a load average of 20–25 on 2 cores the slowest API tests
    // passed in 26 s and failed at 30 s, and restoring a database for a suite (a hook) took over 60 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two files at a time, also on a 2-core machine (vitest's default there is one): many files spend their time
    // waiting for a child (a build, a server, PostgreSQL), and one file's 5-minute build race held up all the rest.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Pure rules and build checks: one module graph per worker instead of importing the same modules for every
        // file (a quarter of the unit suite's time). A file that stubs a global, fakes timers or changes process.env
        // restores it in its own afterEach/afterAll (docs/testing.md, "Time in tests").
        // safe-rebuild starts builds and servers of copies of the repository: isolated, with the API suites.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: ['tests/unit/safe-rebuild.test.ts'], isolate: false },
      },
      {
        extends: true,
        // The API and fault suites stay isolated: the server's modules keep caches (lists, settings, reports) that
        // belong to the database a file installed.
        test: { name: 'api', include: ['tests/api/**/*.test.ts', 'tests/faults/**/*.test.ts', 'tests/unit/safe-rebuild.test.ts'] },
      },
    ],
  },
});
