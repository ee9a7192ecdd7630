/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit and API tests run through Astro's Vite config, so `import.meta.glob` and the `~` alias work as in pages.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
