import { execFileSync } from "node:child_process"
import { defineConfig, devices } from "@playwright/test"

// Playwright evaluates this file in the runner and again in every worker.
// The port is chosen once and handed down through the environment so that
// all of them agree on where the server is.
process.env.E2E_PORT ??= findFreePort()
const port = process.env.E2E_PORT
const baseURL = `http://localhost:${port}`

// A dedicated database, recreated on every run by scripts/e2e-server.mjs.
const databaseUrl = process.env.E2E_DATABASE_URL ?? "file:./test-results/e2e.db"

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  // Two cores shared by `next start` and the browser.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  // scripts/test.mjs reads the JSON file to compute the aggregate summary.
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: baseURL,
    // Fresh database + migrations + `next build` + start.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      E2E_PORT: port,
      DATABASE_URL: databaseUrl,
      // Fixed and public on purpose: only ever used by this throw-away server.
      AUTH_SECRET: "e2e-test-secret-not-for-production-0123456789",
      AUTH_URL: baseURL,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
})

/** Asks the OS for an unused port, synchronously (the config cannot await). */
function findFreePort(): string {
  const probe =
    "const s=require('node:net').createServer();s.listen(0,()=>{process.stdout.write(String(s.address().port));s.close()})"
  return execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim()
}
