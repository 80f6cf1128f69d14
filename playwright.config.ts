import { execFileSync } from "node:child_process"
import { createTestCertificate } from "./tests/helpers/tls"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/chromium"
import { defineConfig, devices } from "@playwright/test"
import type { E2EOptions } from "./tests/e2e/fixtures"

// Playwright evaluates this file in the runner and again in every worker.
// The ports are chosen once and handed down through the environment so that
// all of them agree on where the servers are.
process.env.E2E_PORTS ??= findFreePorts(10).join(",")
const [databasePort, jwtPort, httpsPort, attackPort, idpPort, smtpPort, drizzlePort, mailPort, dnsPort, jwtDnsPort] = process.env.E2E_PORTS.split(",")
// The run's one SMTP capture (tests/e2e/mail-capture-server.ts) listens here; every app server
// sends to it, and the workers read what it got over HTTP on the mail port (tests/e2e/fixtures.ts).
process.env.E2E_SMTP_PORT = smtpPort
process.env.E2E_MAIL_PORT = mailPort
// The DNS server (UDP) a spec starts to publish the TXT records of SSO domains (tests/e2e/sso.spec.ts);
// every app server asks it (AUTH_DNS_SERVERS), so the port is known before they start. The jwt
// server asks one of its own: with two workers the spec may run in both projects at once.
process.env.E2E_DNS_PORT = dnsPort
process.env.E2E_JWT_DNS_PORT = jwtDnsPort
// The OpenID Provider serves HTTPS with a certificate made once per run; the app servers trust it.
if (!process.env.TEST_TLS_CERT) {
  const { certFile, keyFile, trustFile } = createTestCertificate()
  process.env.TEST_TLS_CERT = certFile
  process.env.TEST_TLS_KEY = keyFile
  process.env.E2E_TRUST_FILE = trustFile
}
const IDP = {
  AUTH_OIDC_ISSUER: `https://127.0.0.1:${idpPort}`,
  AUTH_OIDC_ID: "e2e-client",
  AUTH_OIDC_SECRET: "e2e-client-secret-0123456789",
  AUTH_OIDC_NAME: "Test IdP",
  AUTH_OIDC_FEDERATED_SIGN_OUT: "true",
}

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
  // Attacked the way a client talking straight to `next start` would: the host headers trusted
  // (AUTH_TRUST_HOST), so that exhausting its rate limits cannot disturb the other specs. It has
  // AUTH_URL too: production that sends mail refuses to start without it.
  { name: "attack", port: attackPort, strategy: "jwt", authUrl: `http://localhost:${attackPort}`, trustHost: true },
  // The starter switched to @auth/drizzle-adapter (AUTH_ADAPTER=drizzle): its output is
  // also kept in a file, where tests/e2e/drizzle-adapter.spec.ts reads the start-up warning.
  { name: "drizzle", port: drizzlePort, strategy: "database", authUrl: `http://localhost:${drizzlePort}`, adapter: "drizzle" },
].map((server) => ({
  ...server,
  baseURL: `http://localhost:${server.port}`,
  // Outside Playwright's outputDir, which it empties at the start of a run.
  databaseFile: `test-results/e2e-servers/${server.name}.db`,
}))

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
}

function serverOptions(name: string) {
  const server = servers.find((s) => s.name === name)!
  return {
    baseURL: server.baseURL,
    strategy: server.strategy as E2EOptions["strategy"],
    databaseFile: server.databaseFile,
    authUrl: server.authUrl ?? server.baseURL,
  }
}

/**
 * The specs the "jwt" project runs as well: those where the session strategy changes what the
 * browser sees (the strategy shown, the sessions list or its jwt explanation, the messages and
 * sign-outs of revocation, a stale proof kept in the cookie, sessions ended by a take-back, a
 * deletion or a removal from an organization, the sessions in a data export). Every other
 * spec's jwt behaviour is proved over HTTP or in-process: docs/testing.md, "Where each browser
 * behaviour is proved".
 */
const STRATEGY_VISIBLE = /[\\/](?:auth|sessions-jwt|revocation|account-takeover|account-deletion|step-up|organization-members|data-export|sso)\.spec\.ts$/

/** Specs that run in one project of their own rather than once per session strategy. */
const ONCE = /(?:secure-cookies|production-start|attack|sveltekit-example|instances|fuzz|secret-rotation|server-logs|server-actions|apple|visual|readme-screenshots|next-auth-move|drizzle-adapter)\.spec\.ts$/

/**
 * `npm test` runs the browser tests in two phases (scripts/test.mjs sets E2E_PHASE): first the
 * projects that must run alone, one worker, then those that share the run's `next start` servers,
 * two workers. Each phase is its own Playwright run, with its own servers, output folder and JSON
 * report, which scripts/test.mjs merges.
 */
const PHASES = {
  alone: { workers: 1, projects: ["attack", "next-auth-move-setup", "next-auth-move", "instances", "own-servers", "startup", "sveltekit"] },
  shared: { workers: 2, projects: ["database", "jwt", "visual", "https", "drizzle"] },
} as const
type PhaseName = keyof typeof PHASES
const phaseName = process.env.E2E_PHASE as PhaseName | undefined
if (phaseName !== undefined && !(phaseName in PHASES)) throw new Error(`E2E_PHASE must be one of ${Object.keys(PHASES).join(", ")}`)
const phase = phaseName === undefined ? undefined : { name: phaseName, ...PHASES[phaseName] }

function inPhase<T extends { name: string }>(projects: T[]): T[] {
  // A project left out of every phase would silently never run under `npm test`.
  const phased = new Set<string>(Object.values(PHASES).flatMap((p) => p.projects))
  const orphan = projects.find((project) => project.name !== "readme-screenshots" && !phased.has(project.name))
  if (orphan) throw new Error(`playwright.config.ts: project ${orphan.name} is in no phase of PHASES`)
  if (phase === undefined) return projects
  const names: readonly string[] = phase.projects
  return projects.filter((project) => names.includes(project.name))
}

export default defineConfig<E2EOptions>({
  testDir: "tests/e2e",
  outputDir: phase ? `test-results/e2e-${phase.name}` : "test-results/e2e",
  fullyParallel: false,
  // Two workers for the specs that share the run's servers, one for those that start builds and
  // servers of their own or saturate the hasher on purpose (PHASES below): measured on a fresh
  // clone, the attack spec's bursts and the move's foreign builds starved a second worker's
  // flows past their limits. A run without a phase (a developer's `npx playwright test`) keeps one.
  workers: phase?.workers ?? 1,
  // On CI, one retry in a fresh worker (a new browser). Chromium has hung there once in a
  // passkey ceremony (the test timed out with no Playwright call pending: the browser itself
  // stopped answering, and every later test in the restarted worker passed). A test that fails
  // twice still fails the run; one that passes on its retry is listed as flaky by the reporter
  // and by scripts/test.mjs.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Each browser flow takes seconds of scrypt and page loads; CI has two busy cores.
  timeout: 60_000,
  // A first sign-in on a fresh server hashes and loads what the build left lazy;
  // on CI's two busy cores that has taken longer than Playwright's default 5 s.
  expect: {
    timeout: 15_000,
    // The visual baselines (tests/e2e/visual.spec.ts): the same pixels on every run, a few
    // anti-aliased ones allowed; nothing animates, no caret blinks.
    toHaveScreenshot: { animations: "disabled", caret: "hide", scale: "css", maxDiffPixelRatio: 0.002 },
  },
  // Committed next to the specs, one folder per spec file, without the OS name in the file
  // name: the baselines are made in the Linux container that runs the suite (CI included).
  snapshotPathTemplate: "{testDir}/__screenshots__/{testFilePath}/{arg}{ext}",
  // scripts/test.mjs reads the JSON file to compute the aggregate summary.
  reporter: [["list"], ["json", { outputFile: phase ? `test-results/playwright-${phase.name}.json` : "test-results/playwright.json" }]],
  use: {
    // The test IdP's certificate is trusted by the app servers, not by the browser.
    ignoreHTTPSErrors: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: inPhase([
    // Every browser spec against database sessions; those where the strategy shows, against jwt too.
    // Specs named *-jwt.spec.ts show what only the jwt strategy shows; the jwt project alone runs them.
    { name: "database", testIgnore: [ONCE, /-jwt\.spec\.ts$/], use: { ...chromium, ...serverOptions("database") } },
    { name: "jwt", testMatch: STRATEGY_VISIBLE, testIgnore: ONCE, use: { ...chromium, ...serverOptions("jwt") } },
    // Once: cookie attributes when AUTH_URL is https (request API only, no browser).
    { name: "https", testMatch: /secure-cookies\.spec\.ts$/, use: serverOptions("https") },
    // Once: `next start` of the same build with wrong deploy variables (its own servers; a browser
    // for the pages of a server without EMAIL_SERVER).
    { name: "startup", testMatch: /production-start\.spec\.ts$/, use: chromium },
    // Once: two `next start` of the same build on one PostgreSQL (and Redis), with a TCP proxy
    // to PostgreSQL that the spec cuts (its own servers; a browser for one Settings form).
    { name: "instances", testMatch: /instances\.spec\.ts$/, timeout: 180_000, use: chromium },
    // Once: specs that start `next start` servers of their own from the build (fuzzing, secret rotation,
    // what the server logs, Sign in with Apple against its stand-in).
    { name: "own-servers", testMatch: /(?:fuzz|secret-rotation|server-logs|server-actions|apple)\.spec\.ts$/, use: chromium },
    // Once: security findings reproduced over HTTP against their own server.
    // Bursts of password hashes: slower than a browser flow on a busy machine.
    {
      name: "attack",
      testMatch: /attack\.spec\.ts$/,
      timeout: 120_000,
      expect: { timeout: 20_000 },
      use: { ...chromium, ...serverOptions("attack") },
    },
    // Once: every page and state at two widths, light and dark: axe-core and the visual baselines
    // (tests/e2e/visual.spec.ts), against the database-session server.
    { name: "visual", testMatch: /visual\.spec\.ts$/, timeout: 600_000, use: { ...chromium, ...serverOptions("database") } },
    // Only for `npm run screenshots` (scripts/screenshots.mjs): the README's pictures into docs/screenshots/.
    ...(process.env.README_SCREENSHOTS === "1"
      ? [{ name: "readme-screenshots", testMatch: /readme-screenshots\.spec\.ts$/, timeout: 300_000, use: { ...chromium, ...serverOptions("database") } }]
      : []),
    // Once: the move from next-auth in a browser. Its setup installs the reference app's
    // next-auth and builds the app before and after the move (skipped when current): minutes on
    // a cold checkout, which only this project waits for.
    { name: "next-auth-move-setup", testMatch: /next-auth-move\.setup\.ts$/, timeout: 1_200_000 },
    {
      name: "next-auth-move",
      testMatch: /next-auth-move\.spec\.ts$/,
      dependencies: ["next-auth-move-setup"],
      timeout: 240_000,
      use: chromium,
    },
    // Once: the starter switched to @auth/drizzle-adapter, on its own server and SQLite file.
    { name: "drizzle", testMatch: /drizzle-adapter\.spec\.ts$/, timeout: 180_000, use: { ...chromium, ...serverOptions("drizzle") } },
    // Once: the SvelteKit example (examples/sveltekit), built and served by the spec itself.
    { name: "sveltekit", testMatch: /sveltekit-example\.spec\.ts$/, timeout: 60_000, use: chromium },
  ]),
  webServer: [
    {
      command: "node node_modules/tsx/dist/cli.mjs tests/e2e/mail-capture-server.ts",
      wait: { stdout: /\[e2e-mail\] ready/ },
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: { E2E_SMTP_PORT: smtpPort, E2E_MAIL_PORT: mailPort, E2E_PARENT_PID: String(process.pid) },
    },
    {
      command: "node node_modules/tsx/dist/cli.mjs tests/e2e/idp-server.ts",
      wait: { stdout: /\[e2e-idp\] ready/ },
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        ...IDP,
        E2E_IDP_PORT: idpPort,
        E2E_PARENT_PID: String(process.pid),
        E2E_IDP_REDIRECTS: servers.map((s) => s.authUrl ?? s.baseURL).join(","),
        TEST_TLS_CERT: process.env.TEST_TLS_CERT as string,
        TEST_TLS_KEY: process.env.TEST_TLS_KEY as string,
      },
    },
    {
      command: "node scripts/e2e-server.mjs",
      // No `url`: Playwright would race it against `wait` and could start the
      // tests when only one server is up. The script prints this line once
      // every server answers.
      wait: { stdout: /\[e2e\] all servers ready/ },
      // Fresh databases + migrations + seed + `next build` + three starts (minutes on a busy machine).
      timeout: 600_000,
      stdout: "pipe",
      stderr: "pipe",
      // The script stops its servers on SIGTERM; SIGKILL follows if it hangs.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        E2E_SERVERS: JSON.stringify(
          servers.map(({ name, port, strategy, authUrl, trustHost, databaseFile, adapter }) => ({
            name,
            port,
            ...(adapter ? { logFile: `test-results/e2e-servers/${name}.log` } : {}),
            env: {
              ...(adapter ? { AUTH_ADAPTER: adapter } : {}),
              DATABASE_URL: `file:./${databaseFile}`,
              AUTH_SESSION_STRATEGY: strategy,
              // The dashboard's session details (development only otherwise): specs read useSession() there.
              SHOW_SESSION_DETAILS: "true",
              // Every spec signs its users up from 127.0.0.1; the attack server keeps the real
              // per-client budget, which its spec spends on purpose.
              ...(name === "attack" ? {} : { SIGNUP_LIMIT_PER_CLIENT: "100000" }),
              // The cheaper scrypt of the test suites (server/accounts/password-cost.ts): every spec signs
              // up and in at least once. Not on the attack server, whose spec saturates the hasher at
              // the production cost on purpose.
              ...(name === "attack" ? {} : { PASSWORD_HASH_COST: "test" }),
              ...(authUrl ? { AUTH_URL: authUrl } : {}),
              ...(name === "jwt" ? { AUTH_DNS_SERVERS: `127.0.0.1:${jwtDnsPort}` } : {}),
              ...(!authUrl || trustHost ? { AUTH_TRUST_HOST: "true" } : {}),
            },
          })),
        ),
        // The script exits (and stops its servers) if this process disappears.
        E2E_PARENT_PID: String(process.pid),
        AUTH_SECRET,
        NEXT_TELEMETRY_DISABLED: "1",
        ...IDP,
        EMAIL_SERVER: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
        EMAIL_FROM: "Auth Starter <no-reply@e2e.example.com>",
        AUTH_DNS_SERVERS: `127.0.0.1:${dnsPort}`,
        // Every test is the same client (127.0.0.1); the per-address limits still apply.
        EMAIL_SEND_LIMIT_PER_CLIENT: "100000",
        NODE_EXTRA_CA_CERTS: process.env.E2E_TRUST_FILE as string,
      },
    },
  ],
})

/** Asks the OS for `count` distinct unused ports, synchronously (the config cannot await). */
function findFreePorts(count: number): string[] {
  // All listeners stay open until every port is known, so the OS cannot hand out one twice.
  const probe = `const net=require('node:net');const servers=[];let open=0;
for(let i=0;i<${count};i++){const s=net.createServer();servers.push(s);s.listen(0,()=>{if(++open<${count})return;
process.stdout.write(servers.map(x=>x.address().port).join(','));servers.forEach(x=>x.close())})}`
  return execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }).trim().split(",")
}
