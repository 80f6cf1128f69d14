/**
 * `next start` of the real production build (the one scripts/e2e-server.mjs
 * built for this run) with each way of getting the deploy variables wrong: the
 * server must stop at boot with one line that names what to set, instead of
 * answering 200 on pages while every auth route fails. A correct set starts.
 *
 * Variables are passed as empty strings rather than left out: an explicit
 * value wins over any .env.local in the checkout, and the library treats an
 * empty value as unset, so the cases hold on a developer machine too.
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import path from "node:path"
import { expect, test } from "./fixtures"
import { freePort } from "../helpers/free-port"
import { seededDatabase, startNextServer } from "../helpers/next-start"

const require = createRequire(import.meta.url)
const NEXT_BIN = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next")
const GOOD_SECRET = "production-start-spec-secret-0123456789abcdefgh"
const SECRET_COMMAND = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`

/** Every variable the check reads, unset; each case sets its own. */
const UNSET = {
  AUTH_SECRET: "",
  AUTH_SECRET_1: "",
  AUTH_SECRET_2: "",
  AUTH_SECRET_3: "",
  NEXTAUTH_SECRET: "",
  AUTH_URL: "",
  NEXTAUTH_URL: "",
  AUTH_TRUST_HOST: "",
  VERCEL: "",
  CF_PAGES: "",
  AUTH_OIDC_ISSUER: "",
  AUTH_OIDC_ID: "",
  EMAIL_SERVER: "",
}

interface Started {
  port: number
  output: () => string
  exited: Promise<number | null>
  stop: () => Promise<void>
}

async function nextStart(env: Record<string, string>, port: number): Promise<Started> {
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port)], {
    env: {
      ...process.env,
      ...UNSET,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // Never opened by these cases (no route they reach reads the database).
      DATABASE_URL: "file:./test-results/e2e-servers/production-start.db",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
  return {
    port,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}

/** Starts the server and expects it to stop by itself, non-zero, within the time limit. */
async function expectRefusal(env: Record<string, string>): Promise<string[]> {
  const server = await nextStart(env, await freePort())
  try {
    const code = await Promise.race([server.exited, new Promise<"running">((r) => setTimeout(() => r("running"), 20_000))])
    expect(code, `next start should have stopped; output:\n${server.output()}`).toBe(1)
    return server.output().split("\n").filter((line) => line.startsWith("[auth] "))
  } finally {
    await server.stop()
  }
}

test.describe("production start with a wrong configuration", () => {
  test.describe.configure({ timeout: 60_000 })

  test("no AUTH_SECRET: refuses to start, says how to make one", async () => {
    const lines = await expectRefusal({ AUTH_URL: "https://app.example.com" })
    expect(lines).toEqual([
      `[auth] Refusing to start: AUTH_SECRET is not set. Production needs a secret: generate one with \`${SECRET_COMMAND}\` and set AUTH_SECRET.`,
    ])
  })

  test("the development secret from .env.local: refuses to start", async () => {
    const lines = await expectRefusal({
      AUTH_SECRET: "dev-only-abcdefghijklmnopqrstuvwxyz0123456789ABCD",
      AUTH_URL: "https://app.example.com",
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain("Refusing to start: AUTH_SECRET is a development secret")
    expect(lines[0]).toContain(SECRET_COMMAND)
    expect(lines[0]).not.toContain("abcdefghijklmnopqrstuvwxyz")
  })

  test("no public origin (AUTH_URL): refuses to start, names AUTH_URL and AUTH_TRUST_HOST", async () => {
    const lines = await expectRefusal({ AUTH_SECRET: GOOD_SECRET })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: AUTH_URL is not set/)
    expect(lines[0]).toContain("AUTH_URL=https://")
    expect(lines[0]).toContain("AUTH_TRUST_HOST=true")
  })

  test("mail on, AUTH_TRUST_HOST=true and no AUTH_URL: refuses to start, names AUTH_URL (mail links never follow the Host header)", async () => {
    const lines = await expectRefusal({ AUTH_SECRET: GOOD_SECRET, AUTH_TRUST_HOST: "true", EMAIL_SERVER: "smtp://127.0.0.1:2525" })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: AUTH_URL is not set, and this site sends mail/)
    expect(lines[0]).toContain("never from the request's Host or X-Forwarded-Host")
    expect(lines[0]).toContain("AUTH_URL=https://app.example.com")
  })

  test("AUTH_URL without a scheme: refuses to start, names AUTH_URL with a correct example (no 500 on every page)", async () => {
    const lines = await expectRefusal({ AUTH_SECRET: GOOD_SECRET, AUTH_URL: "localhost:4102" })
    expect(lines).toEqual([
      '[auth] Refusing to start: AUTH_URL is set to "localhost:4102", which has no scheme. It must be the site\'s public URL, starting with http:// or https://, e.g. AUTH_URL=https://app.example.com (or http://localhost:3000 in development)',
    ])
  })

  test("malformed DATABASE_URL, EMAIL_SERVER and AUTH_OIDC_ISSUER: one line each, then it stops", async () => {
    const lines = await expectRefusal({
      AUTH_SECRET: GOOD_SECRET,
      AUTH_URL: "https://app.example.com",
      DATABASE_URL: "mysql://root@localhost/app",
      EMAIL_SERVER: "smtp.example.com:587",
      AUTH_OIDC_ISSUER: "idp.example.com",
    })
    expect(lines.map((line) => /^\[auth\] Refusing to start: (\w+)/.exec(line)?.[1])).toEqual([
      "AUTH_OIDC_ISSUER",
      "DATABASE_URL",
      "EMAIL_SERVER",
    ])
    expect(lines[0]).toContain("e.g. AUTH_OIDC_ISSUER=https://idp.example.com/realms/main")
    expect(lines[1]).toContain("DATABASE_URL=postgresql://user:password@localhost:5432/starter")
    expect(lines[2]).toContain("e.g. EMAIL_SERVER=smtp://user:password@smtp.example.com:587")
  })

  test("sign-in providers with variables still unset: refuses to start, naming every variable of every provider in one line", async () => {
    const lines = await expectRefusal({
      AUTH_SECRET: GOOD_SECRET,
      AUTH_URL: "https://app.example.com",
      AUTH_GITHUB_ID: "github-client",
      AUTH_GITHUB_SECRET: "",
      AUTH_MICROSOFT_ENTRA_ID_ID: "entra-client",
      AUTH_MICROSOFT_ENTRA_ID_SECRET: "",
      AUTH_KEYCLOAK_ISSUER: "https://kc.example.com/realms/main",
      AUTH_KEYCLOAK_ID: "",
      AUTH_KEYCLOAK_SECRET: "",
    })
    expect(lines).toEqual([
      "[auth] Refusing to start: sign-in providers are missing environment variables: github: AUTH_GITHUB_SECRET; keycloak: AUTH_KEYCLOAK_ID, AUTH_KEYCLOAK_SECRET; microsoft-entra-id: AUTH_MICROSOFT_ENTRA_ID_SECRET. Set them, or remove those providers from the configuration.",
    ])
  })

  test("with only AUTH_SECRET and AUTH_URL set: starts, and the sign-in page answers", async ({ request }) => {
    const port = await freePort()
    const server = await nextStart({ AUTH_SECRET: GOOD_SECRET, AUTH_URL: `http://localhost:${port}` }, port)
    try {
      const signin = `http://localhost:${port}/api/auth/signin`
      await expect.poll(async () => (await request.get(signin).catch(() => undefined))?.status(), { timeout: 20_000 }).toBe(200)
      expect(await (await request.get(signin)).text()).toContain("Create an account")
      expect((await request.get(`http://localhost:${port}/api/auth/providers`)).status()).toBe(200)
      // The one expected line: auth.ts enables experimental passkeys, which is said once per process.
      const authLines = server.output().split("\n").filter((line) => line.includes("[auth]"))
      expect(authLines.filter((line) => !line.includes("[auth][warn][experimental-webauthn]"))).toEqual([])
    } finally {
      await server.stop()
    }
  })
})

test.describe("production without EMAIL_SERVER", () => {
  test("says once at start-up which mail features are off, and tells users plainly that email is not configured", async ({ browser }) => {
    test.setTimeout(120_000)
    const db = await seededDatabase()
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const server = await startNextServer({ ...UNSET, DATABASE_URL: db.url, AUTH_SECRET: GOOD_SECRET, AUTH_URL: origin }, port)
    const context = await browser.newContext({ baseURL: origin })
    try {
      const notices = server.output().split("\n").filter((line) => line.startsWith("[mail] "))
      expect(notices).toHaveLength(1)
      expect(notices[0]).toContain("EMAIL_SERVER is not set, so this site sends no mail. Off: sign-in with an email link, password reset")

      const page = await context.newPage()
      // Forgot password: one plain statement, no form and no intro promising a mail.
      await page.goto("/forgot-password")
      await expect(page.getByTestId("forgot-password-mail-off")).toHaveText(
        /^Email is not configured on this site, so it cannot send you a link to choose a new password\./,
      )
      await expect(page.getByText("we will mail you a link")).toHaveCount(0)
      await expect(page.getByRole("main").getByRole("button")).toHaveCount(0)

      // A new account is unverified; Settings says why no verification mail can come, with no button that would fail.
      await page.goto("/signup")
      await page.getByLabel("Email").fill(`mail-off-${Date.now()}@example.com`)
      await page.getByLabel("Display name").fill("Mail Off")
      await page.getByLabel("Password").fill("quiet lantern harbour 123")
      await page.getByRole("button", { name: "Create account" }).click()
      await expect(page).toHaveURL(`${origin}/dashboard`)
      await page.goto("/settings")
      await expect(page.getByTestId("settings-email-state")).toHaveText("Not verified")
      await expect(page.getByTestId("settings-verification-message")).toHaveText(
        /^Email is not configured on this site, so it cannot send you a verification email\./,
      )
      await expect(page.getByRole("button", { name: "Send verification email" })).toHaveCount(0)
      await expect(page.getByText(/try again/i)).toHaveCount(0)
    } finally {
      await context.close()
      await server.stop()
      db.cleanup()
    }
  })
})
