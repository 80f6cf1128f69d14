/**
 * The move from next-auth, in a real browser. A user signs in
 * to the real next-auth 5.0.0-beta app (bench/next-auth-app, on the schema Auth.js documents, with
 * next-auth's Ory Hydra provider against a local OpenID Provider). Then the app is moved as
 * docs/migrating-from-next-auth.md says (library copied in, codemod, schema upgrade) and started
 * on the same origin: the same browser context is still signed in as the same user, the page's
 * useSession() shows them, sign-out works, and the OAuth account linked under next-auth signs in
 * to that same user. Both session strategies, on SQLite and PostgreSQL. The builds: next-auth-move.setup.ts.
 */
import { spawnSync } from "node:child_process"
import Database from "better-sqlite3"
import { expect, type Page, test } from "@playwright/test"
import pg from "pg"
import { createNextAuthDatabase, type NextAuthDatabase } from "../helpers/next-auth-database"
import { startOidcServer } from "../helpers/oidc-provider"
import { freePort } from "../helpers/free-port"
import { loginAtIdp, signOutFromMenu } from "./fixtures"
import { AFTER_APP, type AppServer, BEFORE_APP, startApp } from "./next-auth-move/apps"

const ACCOUNT = { sub: "moving-browser-user", email: "moving.browser@example.test", name: "Moving Browser User" }
// Fixed and public on purpose: only these throw-away servers use it. Kept across the move, as the guide says.
const AUTH_SECRET = "next-auth-move-e2e-secret-not-for-production-0123"

interface Rows {
  users: { id: string; email: string }[]
  accounts: { userId: string; provider: string; providerAccountId: string }[]
  sessions: number
}

const SELECT = {
  users: 'SELECT "id", "email" FROM "User"',
  accounts: 'SELECT "userId", "provider", "providerAccountId" FROM "Account"',
  sessions: 'SELECT COUNT(*) AS n FROM "Session"',
}

/** What the app's database holds, read beside the app (SQLite file or PostgreSQL database). */
async function rows(db: NextAuthDatabase): Promise<Rows> {
  if (db.provider === "sqlite") {
    const sqlite = new Database(db.url.slice("file:".length), { readonly: true, fileMustExist: true })
    try {
      return {
        users: sqlite.prepare(SELECT.users).all() as Rows["users"],
        accounts: sqlite.prepare(SELECT.accounts).all() as Rows["accounts"],
        sessions: (sqlite.prepare(SELECT.sessions).get() as { n: number }).n,
      }
    } finally {
      sqlite.close()
    }
  }
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  try {
    return {
      users: (await client.query(SELECT.users)).rows as Rows["users"],
      accounts: (await client.query(SELECT.accounts)).rows as Rows["accounts"],
      sessions: Number((await client.query(SELECT.sessions)).rows[0].n),
    }
  } finally {
    await client.end()
  }
}

/** The dashboard as the signed-in user sees it: the server's session and the page's useSession(). */
async function expectDashboardOf(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/dashboard`)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(name)
  await expect(page.getByTestId("client-session-status")).toHaveText("authenticated")
  await expect(page.getByTestId("client-session-name")).toHaveText(name)
}

/** From a signed-out page: the app's sign-in page, the provider's button, the IdP (unless it remembers the user). */
async function signInWithHydra(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/dashboard`)
  await page.getByRole("button", { name: "Sign in with Hydra" }).click()
  // Back in the app (not on its auth routes), or at the IdP's login when it does not remember the user.
  const backInApp = new RegExp(`^${origin}/(?!api/auth/)`)
  await expect(page).toHaveURL(new RegExp(`^https://127\\.0\\.0\\.1:\\d+/interaction/|${backInApp.source}`), { timeout: 30_000 })
  if (page.url().includes("/interaction/")) await loginAtIdp(page, ACCOUNT.sub)
  await expect(page).toHaveURL(backInApp, { timeout: 30_000 })
}

const CASES = [
  ["sqlite", "jwt"],
  ["sqlite", "database"],
  ["postgresql", "jwt"],
  ["postgresql", "database"],
] as const

for (const [provider, strategy] of CASES) {
  test(`a browser signed in under next-auth (${provider}, ${strategy} sessions) stays signed in through the move`, async ({ page }) => {
    test.setTimeout(240_000)
    const port = await freePort()
    // localhost, as next-auth's middleware names the host in its callback URLs; the IdP is on 127.0.0.1.
    const origin = `http://localhost:${port}`
    const idp = await startOidcServer({ redirectUris: [`${origin}/api/auth/callback/hydra`], accounts: [ACCOUNT] })
    const db = await createNextAuthDatabase(provider)
    const env = {
      DATABASE_URL: db.url,
      AUTH_SECRET,
      AUTH_SESSION_STRATEGY: strategy,
      AUTH_HYDRA_ID: idp.clientId,
      AUTH_HYDRA_SECRET: idp.clientSecret,
      AUTH_HYDRA_ISSUER: idp.issuer,
      NODE_EXTRA_CA_CERTS: process.env.E2E_TRUST_FILE ?? "",
    }
    let server: AppServer | undefined
    try {
      // Under next-auth: the OAuth sign-in creates the user and links the account.
      server = await startApp(BEFORE_APP, port, env)
      await signInWithHydra(page, origin)
      await expectDashboardOf(page, origin, ACCOUNT.name)
      const before = await rows(db)
      expect(before.users.map((user) => user.email)).toEqual([ACCOUNT.email])
      const userId = before.users[0]!.id
      expect(before.accounts).toEqual([{ userId, provider: "hydra", providerAccountId: ACCOUNT.sub }])
      expect(before.sessions).toBe(strategy === "database" ? 1 : 0)
      await server.stop()
      server = undefined

      // The move: the schema upgrade, then the moved build on the same origin.
      expect(await db.upgrade()).toEqual(["20261128000000_next_auth_upgrade"])
      server = await startApp(AFTER_APP, port, env)

      // The same browser context, not signed in again.
      await expectDashboardOf(page, origin, ACCOUNT.name)
      expect(await page.request.get(`${origin}/api/auth/session`).then((r) => r.json())).toMatchObject({ user: { email: ACCOUNT.email, name: ACCOUNT.name } })
      expect((await rows(db)).sessions).toBe(strategy === "database" ? 1 : 0)

      // Sign-out from the app's own menu ends the session (and its row).
      await page.goto(origin)
      await signOutFromMenu(page)
      await page.goto(`${origin}/dashboard`)
      await expect(page).not.toHaveURL(/\/dashboard$/)
      expect((await rows(db)).sessions).toBe(0)

      // The account linked under next-auth signs in to the same user; nothing is created twice.
      await signInWithHydra(page, origin)
      await expectDashboardOf(page, origin, ACCOUNT.name)
      const after = await rows(db)
      expect(after.users).toEqual(before.users)
      expect(after.accounts).toEqual(before.accounts)
      expect(after.sessions).toBe(strategy === "database" ? 1 : 0)
    } catch (error) {
      if (server) console.log(`[next-auth-move] server output:\n${server.output()}`)
      throw error
    } finally {
      await server?.stop()
      await idp.close()
      await db.cleanup()
    }
  })
}

// The moved app is the codemod's output: nothing in it imports next-auth or Auth.js any more.
test("the moved app imports nothing from next-auth or @auth/*", () => {
  const grep = spawnSync("grep", ["-rnE", `from "(next-auth|@auth/)`, "--include=*.ts", "--include=*.tsx", "app", "components", "auth.ts", "db.ts", "middleware.ts"], {
    cwd: AFTER_APP,
    encoding: "utf8",
  })
  expect(grep.stdout).toBe("")
  expect(grep.status).toBe(1)
})
