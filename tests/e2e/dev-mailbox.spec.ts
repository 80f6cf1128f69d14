/**
 * `npm run dev` on a fresh clone, with no EMAIL_SERVER: mail lands in the
 * dev mailbox page (and its links in the terminal), so a magic link and a
 * password reset work with zero configuration. Runs once (database project):
 * it starts its own dev server on a free port with its own SQLite file.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { DEMO, expect, test } from "./fixtures"
import { freePort } from "../helpers/free-port"

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

test("npm run dev without EMAIL_SERVER: the dev mailbox receives the magic link and the reset link", async ({ page, strategy }) => {
  test.skip(strategy !== "database", "one dev server is enough")
  // Compiling each route on first use takes long on a shared machine.
  test.setTimeout(600_000)

  const port = await freePort()
  const origin = `http://localhost:${port}`
  const dir = path.resolve("test-results", "e2e-dev")
  mkdirSync(dir, { recursive: true })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `file:${path.join(dir, `${randomUUID()}.db`)}`,
    AUTH_SECRET: "e2e-dev-mailbox-secret-not-for-production-0123456789",
    NEXT_TELEMETRY_DISABLED: "1",
  }
  for (const name of ["EMAIL_SERVER", "EMAIL_FROM", "AUTH_URL", "NODE_ENV", "AUTH_SESSION_STRATEGY"]) delete env[name]

  const child = spawn(process.execPath, ["scripts/dev.mjs", "--port", String(port)], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
  let terminal = ""
  child.stdout!.on("data", (chunk: Buffer) => (terminal += chunk.toString()))
  child.stderr!.on("data", (chunk: Buffer) => (terminal += chunk.toString()))
  try {
    await waitUntilServing(`${origin}/api/auth/providers`, child, 300_000)

    // Magic link: the sign-in page offers it with no configuration at all.
    await page.goto(`${origin}/api/auth/signin?callbackUrl=/dashboard`)
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign in with email", exact: true }) })
    const email = `dev-${randomUUID().slice(0, 8)}@example.com`
    await form.getByLabel("Email").fill(email)
    await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible({ timeout: 60_000 })

    await page.goto(`${origin}/dev/mailbox`)
    const mail = page.getByTestId("dev-mail").filter({ hasText: email })
    await expect(mail.getByTestId("dev-mail-subject")).toContainText(`Sign in to localhost:${port}`, { timeout: 60_000 })
    expect(terminal).toContain(`[dev mailbox] To: ${email}`)
    expect(terminal).toContain(`[dev mailbox] Link: ${origin}/api/auth/callback/nodemailer?`)
    await mail.getByRole("link", { name: /\/api\/auth\/callback\/nodemailer/ }).click()
    await page.getByRole("button", { name: "Sign in" }).click()
    await expect(page).toHaveURL(`${origin}/dashboard`, { timeout: 60_000 })
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)

    // Forgot password, for the seeded demo account, the same way.
    await page.context().clearCookies()
    await page.goto(`${origin}/forgot-password`)
    await page.getByLabel("Email").fill(DEMO.email)
    await page.getByRole("button", { name: "Send reset link" }).click()
    await expect(page.getByTestId("forgot-password-sent")).toBeVisible({ timeout: 60_000 })
    await expect
      .poll(async () => {
        await page.goto(`${origin}/dev/mailbox`)
        return page.getByTestId("dev-mail").filter({ hasText: DEMO.email }).count()
      }, { timeout: 30_000 })
      .toBe(1)
    await page.getByTestId("dev-mail").filter({ hasText: DEMO.email }).getByRole("link", { name: /\/reset-password\?/ }).click()
    const newPassword = `dev-${randomUUID()}`
    await page.getByLabel("New password").fill(newPassword)
    await page.getByRole("button", { name: "Change password" }).click()
    await expect(page.getByTestId("reset-password-done")).toBeVisible({ timeout: 60_000 })
  } finally {
    // The dev script and `next dev` share a process group of their own.
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM")
  }
})
