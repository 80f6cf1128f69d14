import { execFileSync } from "node:child_process"
import { defineConfig, devices } from "@playwright/test"
import type { E2EOptions } from "./tests/e2e/fixtures"

// Playwright evaluates this file in the runner and again in every worker.
// The ports are chosen once and handed down through the environment so that
// all of them agree on where the servers are.
process.env.E2E_PORTS ??= findFreePorts(3).join(",")
const [databasePort, jwtPort, httpsPort] = process.env.E2E_PORTS.split(",")

// Fixed and public on purpose: only ever used by these throw-away servers.
const AUTH_SECRET = "e2e-test-secret-not-for-production-0123456789"

/**
 * The `next start` servers scripts/e2e-server.mjs runs from one build. Each
 * has its own port and its own fresh, migrated and seeded SQLite file. The
 * last one claims to be served over https (AUTH_URL), which is what switches
 * the library to `__Secure-`/`__Host-` cookies; it is only talked to through
 * Playwright's request API, which does not care about the transport.
 */
const servers = [
  { name: "database", port: databasePort, strategy: "database", authUrl: `http://localhost:${databasePort}` },
  { name: "jwt", port: jwtPort, strategy: "jwt", authUrl: `http://localhost:${jwtPort}` },
  { name: "https", port: httpsPort, strategy: "jwt", authUrl: `https://localhost:${httpsPort}` },
].map((server) => ({
  ...server,
  baseURL: `http://localhost:${server.port}`,
  // Outside Playwright's outputDir, which it empties at the start of a run.
  databaseFile: `test-results/e2e-servers/${server.name}.db`,
}))

const chromium = {
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
}

function serverOptions(name: string) {
  const server = servers.find((s) => s.name === name)!
  return {
    baseURL: server.baseURL,
    strategy: server.strategy as E2EOptions["strategy"],
    databaseFile: server.databaseFile,
    authUrl: server.authUrl,
  }
}

/** Specs that run in one project of their own rather than once per session strategy. */
const ONCE = /(?:secure-cookies|production-start)\.spec\.ts$/

export default defineConfig<E2EOptions>({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  // Two cores shared by three `next start` servers and the browser.
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  // scripts/test.mjs reads the JSON file to compute the aggregate summary.
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // The same browser specs against each session strategy.
    { name: "database", testIgnore: ONCE, use: { ...chromium, ...serverOptions("database") } },
    { name: "jwt", testIgnore: ONCE, use: { ...chromium, ...serverOptions("jwt") } },
    // Once: cookie attributes when AUTH_URL is https (request API only, no browser).
    { name: "https", testMatch: /secure-cookies\.spec\.ts$/, use: serverOptions("https") },
    // Once: `next start` of the same build with wrong deploy variables (its own servers, no browser).
    { name: "startup", testMatch: /production-start\.spec\.ts$/ },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    // No `url`: Playwright would race it against `wait` and could start the
    // tests when only one server is up. The script prints this line once
    // every server answers.
    wait: { stdout: /\[e2e\] all servers ready/ },
    // Fresh databases + migrations + seed + `next build` + three starts.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    // The script stops its servers on SIGTERM; SIGKILL follows if it hangs.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      E2E_SERVERS: JSON.stringify(
        servers.map(({ name, port, strategy, authUrl, databaseFile }) => ({
          name,
          port,
          env: { DATABASE_URL: `file:./${databaseFile}`, AUTH_SESSION_STRATEGY: strategy, AUTH_URL: authUrl },
        })),
      ),
      // The script exits (and stops its servers) if this process disappears.
      E2E_PARENT_PID: String(process.pid),
      AUTH_SECRET,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
})

/** Asks the OS for `count` distinct unused ports, synchronously (the config cannot await). */
function findFreePorts(count: number): string[] {
  // All listeners stay open until every port is known, so the OS cannot hand out one twice.
  const probe = `const net=require('node:net');const servers=[];let open=0;
for(let i=0;i<${count};i++){const s=net.createServer();servers.push(s);s.listen(0,()=>{if(++open<${count})return;
process.stdout.write(servers.map(x=>x.address().port).join(','));servers.forEach(x=>x.close())})}`
  return execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim().split(",")
}
