/**
 * `npm run dev` on a fresh clone, with no EMAIL_SERVER: mail lands in the
 * dev mailbox page (and its links in the terminal), so a magic link and a
 * password reset work with zero configuration, the pages that mention a
 * mail point to the mailbox, and the mailbox outlives a restart of the dev
 * server. Runs once (database project):
 * it starts its own dev server on a free port with its own SQLite file.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdirSync } from "node:fs"
import path from "node:path"
import { DEMO, expect, newUser, test } from "./fixtures"
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

test("npm run dev without EMAIL_SERVER: the dev mailbox receives the magic link and the reset link", async ({ page }) => {
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

  let terminal = ""
  /** `npm run dev`'s script on the port, in a process group of its own (stopped as a whole). */
  async function startDev(): Promise<ChildProcess> {
    const started = spawn(process.execPath, ["scripts/dev.mjs", "--port", String(port)], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
    started.stdout!.on("data", (chunk: Buffer) => (terminal += chunk.toString()))
    started.stderr!.on("data", (chunk: Buffer) => (terminal += chunk.toString()))
    try {
      await waitUntilServing(`${origin}/api/auth/providers`, started, 300_000)
    } catch (error) {
      await stopDev(started)
      throw error
    }
    return started
  }
  async function stopDev(running: ChildProcess): Promise<void> {
    if (running.exitCode !== null || !running.pid) return
    const exited = new Promise((resolve) => running.once("exit", resolve))
    process.kill(-running.pid, "SIGTERM")
    // The port must be free before the restart; a dev server that ignores SIGTERM is killed.
    const timer = setTimeout(() => running.pid && process.kill(-running.pid, "SIGKILL"), 15_000)
    await exited
    clearTimeout(timer)
  }

  let child = await startDev()
  try {
    // Magic link: the sign-in page offers it with no configuration at all.
    await page.goto(`${origin}/api/auth/signin?callbackUrl=/dashboard`)
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign in with email", exact: true }) })
    const email = `dev-${randomUUID().slice(0, 8)}@example.com`
    await form.getByLabel("Email").fill(email)
    await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible({ timeout: 60_000 })
    // The page says where the mail went.
    await page.getByRole("link", { name: "Open the dev mailbox" }).click()
    await expect(page).toHaveURL(`${origin}/dev/mailbox`)
    const mail = page.getByTestId("dev-mail").filter({ hasText: email })
    await expect(mail.getByTestId("dev-mail-subject")).toContainText("Sign in to Auth Starter", { timeout: 60_000 })
    expect(terminal).toContain(`[dev mailbox] To: ${email}`)
    expect(terminal).toContain(`[dev mailbox] Link: ${origin}/api/auth/callback/nodemailer?`)
    // The plain text, long links and all, wraps inside the page instead of widening it.
    // A cold dev server may reload the page while it compiles other routes, closing the <details>:
    // open it again until it stays open (the reload is the dev server's, not the mailbox's).
    await expect(async () => {
      if (!(await mail.getByTestId("dev-mail-text").isVisible())) await mail.getByText("Plain text").click()
      await expect(mail.getByTestId("dev-mail-text")).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 60_000 })
    const widths = await page.evaluate(() => {
      const pre = document.querySelector<HTMLElement>("[data-testid=dev-mail-text]")!
      return { page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth, pre: pre.scrollWidth, box: pre.clientWidth }
    })
    expect(widths.page).toBeLessThanOrEqual(widths.viewport)
    expect(widths.pre).toBeLessThanOrEqual(widths.box)

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
    await expect(page.getByTestId("dev-mailbox-hint").getByRole("link", { name: "dev mailbox" })).toHaveAttribute("href", "/dev/mailbox")
    await expect
      .poll(async () => {
        await page.goto(`${origin}/dev/mailbox`)
        return page.getByTestId("dev-mail").filter({ hasText: DEMO.email }).count()
      }, { timeout: 30_000 })
      .toBe(1)
    await page.getByTestId("dev-mail").filter({ hasText: DEMO.email }).getByRole("link", { name: /\/reset-password\?/ }).click()
    const newPassword = `dev-${randomUUID()}`
    // Hydrated first: a cold dev server may still be compiling the page's scripts, and a form posted
    // before then goes to a server-actions manifest that dev mode has not caught up on (400).
    await page.waitForLoadState("networkidle")
    await page.getByLabel("New password").fill(newPassword)
    await page.getByRole("button", { name: "Change password" }).click()
    await expect(page.getByTestId("reset-password-done")).toBeVisible({ timeout: 60_000 })

    // Sign-up: the dashboard says the verification mail is in the dev mailbox.
    await page.context().clearCookies()
    const user = newUser("dev-signup")
    await page.goto(`${origin}/signup`)
    await page.getByLabel("Email").fill(user.email)
    await page.getByLabel("Display name").fill(user.name)
    await page.getByLabel("Password").fill(user.password)
    await page.getByRole("button", { name: "Create account" }).click()
    await expect(page).toHaveURL(`${origin}/dashboard`, { timeout: 120_000 })
    await page.getByTestId("dev-mailbox-hint").getByRole("link", { name: "dev mailbox" }).click()
    await expect(page.getByTestId("dev-mail").filter({ hasText: user.email }).first()).toBeVisible({ timeout: 60_000 })

    // A restart of the dev server keeps the mailbox (it lives in the database).
    await stopDev(child)
    child = await startDev()
    await page.goto(`${origin}/dev/mailbox`)
    await expect(page.getByTestId("dev-mail").filter({ hasText: email }).getByTestId("dev-mail-subject")).toContainText(
      "Sign in to Auth Starter",
      { timeout: 120_000 },
    )
  } finally {
    // The dev script and `next dev` share a process group of their own.
    await stopDev(child)
  }
})
