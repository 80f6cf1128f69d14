import { defineConfig } from "@playwright/test"
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: /sveltekit-example\.spec\.ts$/,
  outputDir: "/tmp/pw-i15-out",
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: { launchOptions: { executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"] } },
})
