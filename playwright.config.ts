import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4321);
/** The features Playwright 1.65 turns off in Chromium (its chromiumSwitches.ts), kept when we turn off more. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay',
  'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch', 'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Only the local server answers: every other host fails to resolve, in the browser itself, so no request is
  // routed through the test runner (routing a page disables its HTTP cache and costs a round trip per request).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  // Chromium 156 gives every new window (a test's context) a renderer of its own for the address bar's popup, at
  // 30–40 % of a core for seconds; tests have no address bar. The last --disable-features wins over Playwright's
  // own, so it repeats those (tests/e2e/browser-flags.spec.ts fails when Playwright's list grows).
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];
/** The browser a visitor has (Debian's `chromium`): for the few tests that need its PDF viewer or its own pages. */
const FULL_BROWSER = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * Chromium's old headless shell (Debian's `chromium-headless-shell`, the same engine and version), as Playwright
 * itself uses for headless runs: no browser UI behind each window, so the browser process took 71 s of CPU in a
 * whole run instead of 137 s (decision 043). Where it is not installed, the full browser runs everything.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The desktop size both desktop projects share (the headless shell's and the full browser's). */
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const launchOptions = { executablePath: process.env.E2E_CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER), args: CHROMIUM_ARGS };

/**
 * End-to-end tests run against the built site served by the local server, exactly as `npm start`
 * serves it, on a throwaway data folder. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // Flakiness must stay visible: a test that needs a retry is a failing test.
  retries: 0,
  // Budgets, not waits: a test moves on as soon as what it waits for is there. Measured on a 2-core machine at a
  // load average of ~20 (other builds and browsers beside the suite; docs/testing.md, "Time in tests"): ordinary tests' p99
  // took 53 s and one render up to ~10 s, so they get about twice that. Longer journeys set their own, an axe
  // sweep adds its own (fixtures.ts), and time-dependent behaviour runs on Playwright's clock, not on these.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // An action or a wait for an event has no end of its own in Playwright (0): one waiting for something that
    // never comes held its test to the test's timeout and was reported without its name. Bounded, it fails naming
    // what it waited for. Twice the expect timeout, as actions wait for the same things under the same load.
    actionTimeout: 40_000,
    navigationTimeout: 60_000,
    trace: 'off',
    launchOptions,
  },
  // A test runs in both viewports only where the viewport changes what it checks (docs/testing.md, "Time in tests"). Its tag
  // says otherwise: @any-viewport (HTTP, data, mail, text, focus order: the same at every size) and @desktop-only
  // (hover, the CMS) run in the desktop project alone, @mobile-only (a phone's layout, touch) in the mobile one.
  // @full-browser (the PDF viewer, the browser's own pages) runs on the desktop in the full browser alone.
  // A test left out of a project is not scheduled there at all: no fixture, no server, no browser for it.
  projects: [
    { name: 'desktop', grepInvert: /@mobile-only|@full-browser/, use: { ...DESKTOP, launchOptions } },
    {
      name: 'mobile',
      grepInvert: /@any-viewport|@desktop-only|@full-browser/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'full-browser',
      grep: /@full-browser/,
      use: { ...DESKTOP, launchOptions: { ...launchOptions, executablePath: FULL_BROWSER } },
    },
  ],
  webServer: {
    command: `node netlify-local/server.ts`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // A new PGlite folder takes 6–10 s of CPU to initialise on a quiet machine, far more on a busy one.
    timeout: 300_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? `.data/e2e-${Date.now()}`,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
      DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
    },
  },
});
