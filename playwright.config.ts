import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4321);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launchOptions = { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS };

/**
 * End-to-end tests run against the built site served by the local server, exactly as `npm start`
 * serves it, on a throwaway data folder. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
  ],
  webServer: {
    command: `node netlify-local/server.ts`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? `.data/e2e-${Date.now()}`,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
      DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
    },
  },
});
