/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit and API tests run through Astro's Vite config, so `import.meta.glob` and the `~` alias work as in pages.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    // Budgets, not waits (README, "Time in tests"): at a load average of 20–25 on 2 cores the slowest API tests
    // passed in 26 s and failed at 30 s, and restoring a database for a suite (a hook) took over 60 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
