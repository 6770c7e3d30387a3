import { defineConfig, devices } from '@playwright/test';
import { E2E } from './support/env.ts';

// The product as a newcomer runs it: the built SPA and the API in one server process, on a fresh
// PostgreSQL database (so the admin CLI can run beside it), mail in the local outbox, and the Tron
// chain simulator as its TronGrid.
export default defineConfig({
  testDir: './tests',
  // A whole flow per test (sign-ins with mailed codes, several pages, dialogs): on a 2-core CI machine running two
  // workers, the product's server and Chromium, passing flows took up to 55 s and a few ran out at 60 s while their
  // last step was already on screen. Each step keeps its own 10 s expectation, so a broken step still fails fast.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  outputDir: `.tmp/results-${E2E.port}`,
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /lighthouse\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Lighthouse scores depend on the CPU left to the page: its runs start after every other test has
    // finished, so no other browser competes with them.
    {
      name: 'lighthouse',
      testMatch: /lighthouse\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node --import tsx support/start-server.ts',
    url: `${E2E.baseUrl}${E2E.apiPrefix}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
