/**
 * The SvelteKit example (examples/sveltekit) run with its own commands in its
 * own folder — `npm run build`, then `npm run preview` (which migrates the
 * database and creates the demo account first) — once per session strategy,
 * each on a fresh SQLite file, and driven in Chromium: the library's
 * SvelteKit variant with the Prisma adapter in a real SvelteKit app.
 * Protected page, form-action sign-in (wrong and right password), the
 * built-in sign-in page through `handle`, and sign-out. Then on PostgreSQL
 * behind a TCP proxy the spec cuts: an outage answers 503, not "signed out".
 */
import { execFileSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { expect, test } from "@playwright/test"
import pg from "pg"
import { type ExampleRun, exampleDir, runExampleScript, waitForOutput } from "../helpers/example-app"
import { freePort } from "../helpers/free-port"
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy"

const env = {
  AUTH_SECRET: "sveltekit-example-e2e-secret-0123456789abcdef",
  AUTH_URL: "",
  NEXTAUTH_URL: "",
}

test.describe.configure({ mode: "serial" })

test.beforeAll(() => {
  // The build takes about a minute on CI's busy cores.
  test.setTimeout(240_000)
  execFileSync("npm", ["run", "--silent", "build"], {
    cwd: exampleDir("sveltekit"),
    env: { ...process.env, ...env },
    stdio: "pipe",
    timeout: 220_000,
  })
})

for (const strategy of ["database", "jwt"] as const) {
  test.describe(`${strategy} sessions`, () => {
    let preview: ExampleRun | undefined
    let baseURL = ""
    let dataDir = ""

    test.beforeAll(async () => {
      // Migrations and the demo account's hash, then vite preview.
      test.setTimeout(180_000)
      dataDir = mkdtempSync(path.join(tmpdir(), "sveltekit-example-"))
      const port = await freePort()
      baseURL = `http://127.0.0.1:${port}`
      preview = runExampleScript("sveltekit", "preview", {
        env: { ...env, AUTH_SESSION_STRATEGY: strategy, DATABASE_URL: `file:${path.join(dataDir, "example.db")}` },
        args: ["--host", "127.0.0.1", "--port", String(port), "--strictPort"],
      })
      await waitForOutput(preview, new RegExp(`http://127\\.0\\.0\\.1:${port}`), 170_000)
    })

    test.afterAll(async () => {
      await preview?.stop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    test("the protected page sends a visitor to the built-in sign-in page, which signs them in and returns", async ({ page }) => {
      await page.goto(`${baseURL}/protected`)
      await expect(page).toHaveURL(`${baseURL}/auth/signin?callbackUrl=%2Fprotected`)
      await page.getByLabel("Email").fill("demo@example.com")
      await page.getByLabel("Password").fill("demo-password-123")
      await page.getByRole("button", { name: /sign in/i }).click()
      await expect(page).toHaveURL(`${baseURL}/protected`)
      await expect(page.getByTestId("protected")).toHaveText("Only for demo@example.com")
    })

    test("the form action: a wrong password answers on the page; the right one lands on the protected page; sign-out ends it", async ({
      page,
    }) => {
      await page.goto(baseURL)
      await expect(page.getByTestId("status")).toHaveText("Not signed in")
      await page.getByLabel("Email").fill("demo@example.com")
      await page.getByLabel("Password").fill("wrong-password")
      await page.getByRole("button", { name: "Sign in" }).click()
      await expect(page.getByRole("alert")).toHaveText("Wrong email or password.")

      // A native form post re-renders the page: the fields start empty again.
      await page.getByLabel("Email").fill("demo@example.com")
      await page.getByLabel("Password").fill("demo-password-123")
      await page.getByRole("button", { name: "Sign in" }).click()
      await expect(page.getByTestId("protected")).toHaveText("Only for demo@example.com")
      const cookies = await page.context().cookies()
      const session = cookies.find((c) => c.name === "authjs.session-token")
      expect(session?.httpOnly).toBe(true)
      expect(session?.sameSite).toBe("Lax")

      await page.goto(baseURL)
      await expect(page.getByTestId("status")).toHaveText("Signed in as demo@example.com")
      await page.getByRole("button", { name: "Sign out" }).click()
      await expect(page.getByTestId("status")).toHaveText("Not signed in")
      await page.goto(`${baseURL}/protected`)
      await expect(page).toHaveURL(/\/auth\/signin/)
    })
  })
}

const POSTGRES = "postgresql://postgres@127.0.0.1:5432"

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

test.describe("database sessions on PostgreSQL, cut away", () => {
  const database = `authtest_${randomBytes(6).toString("hex")}`
  let proxy: TcpProxy | undefined
  let preview: ExampleRun | undefined
  let baseURL = ""

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 })
    const url = new URL(`${POSTGRES}/${database}`)
    url.port = String(proxy.port)
    const port = await freePort()
    baseURL = `http://127.0.0.1:${port}`
    preview = runExampleScript("sveltekit", "preview", {
      env: { ...env, AUTH_SESSION_STRATEGY: "database", DATABASE_URL: url.href },
      args: ["--host", "127.0.0.1", "--port", String(port), "--strictPort"],
    })
    await waitForOutput(preview, new RegExp(`http://127\\.0\\.0\\.1:${port}`), 170_000)
  })

  test.afterAll(async () => {
    await preview?.stop()
    await proxy?.close()
    await dropDatabase(database)
  })

  test("a signed-in user gets 503 with Retry-After while the database is cut, not the sign-in page; the session is back afterwards", async ({
    page,
  }) => {
    await page.goto(`${baseURL}/protected`)
    await page.getByLabel("Email").fill("demo@example.com")
    await page.getByLabel("Password").fill("demo-password-123")
    await page.getByRole("button", { name: /sign in/i }).click()
    await expect(page.getByTestId("protected")).toHaveText("Only for demo@example.com")

    proxy!.cut()
    for (const path of ["/protected", "/"]) {
      const response = await page.goto(`${baseURL}${path}`)
      expect(response?.status(), path).toBe(503)
      expect(Number(response?.headers()["retry-after"]), path).toBeGreaterThan(0)
      expect(page.url(), path).toBe(`${baseURL}${path}`)
      await expect(page.getByText("The database cannot be reached right now.")).toBeVisible()
    }

    proxy!.restore()
    await page.goto(`${baseURL}/protected`)
    await expect(page.getByTestId("protected")).toHaveText("Only for demo@example.com")
  })
})
