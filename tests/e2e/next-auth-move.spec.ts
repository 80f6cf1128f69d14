/**
 * The move from next-auth, in a real browser. Users sign in to the real next-auth 5.0.0-beta app
 * (bench/next-auth-app, on the schema Auth.js documents) with providers written as next-auth apps
 * write them: Ory Hydra against the local OpenID Provider, and GitHub Enterprise Server
 * (`GitHub({ enterprise: { baseUrl } })`) against a GitHub stand-in whose callbacks carry `iss`
 * as GitHub's have since April 2026. Then the app is moved as docs/migrating-from-next-auth.md
 * says (one command, schema upgrade) and started on the same origin: each browser context is
 * still signed in as its user, the page's useSession() shows them, sign-out works, and the
 * accounts linked under next-auth (Hydra, and GitHub through its real callback with code, state
 * and iss) sign in to those same users. Microsoft Entra ID, listed uncalled and pinned to one
 * tenant by AUTH_MICROSOFT_ENTRA_ID_ISSUER alone, signs in a user of that tenant after the move
 * and refuses a user of another (the error page, no session, no user). Its Graph photo cannot be
 * fetched here (no internet): the sign-in goes on without an image. Every provider server is
 * local HTTPS under the tests' certificate, which `next start` trusts through
 * NODE_EXTRA_CA_CERTS. Both session strategies, on SQLite and PostgreSQL. The builds:
 * next-auth-move.setup.ts.
 */
import { spawnSync } from "node:child_process"
import Database from "better-sqlite3"
import { type Browser, expect, type Page, test } from "@playwright/test"
import pg from "pg"
import { createNextAuthDatabase, type NextAuthDatabase } from "../helpers/next-auth-database"
import { startEntraStandIn } from "../helpers/entra-stand-in"
import { startOAuth2Server, type OAuth2Server } from "../helpers/oauth2-server"
import { startOidcServer } from "../helpers/oidc-provider"
import { freePort } from "../helpers/free-port"
import { loginAtIdp, signOutFromMenu } from "./fixtures"
import { AFTER_APP, type AppServer, BEFORE_APP, startApp } from "./next-auth-move/apps"

const ACCOUNT = { sub: "moving-browser-user", email: "moving.browser@example.test", name: "Moving Browser User" }
// A GitHub Enterprise Server user who keeps their email private: it comes from /user/emails.
const HUBOT = { id: 4242, login: "hubot", name: "Hubot Moving", email: "hubot.moving@ghe.example.test" }
const TENANT_A = "9188040d-6c67-4c5b-b112-36a304b66dad"
const TENANT_B = "72f988bf-86f1-41af-91ab-2d7cd011db47"
const ALICE_OF_A = { tenantId: TENANT_A, oid: "00000000-0000-0000-66f3-3332eca7ea81", name: "Alice Of Contoso", email: "alice@contoso.example" }
const MALLORY_OF_B = { tenantId: TENANT_B, oid: "00000000-0000-0000-0a1b-2c3d4e5f6a7b", name: "Mallory Of Fabrikam", email: "mallory@fabrikam.example" }
// Fixed and public on purpose: only these throw-away servers use it. Kept across the move, as the guide says.
const AUTH_SECRET = "next-auth-move-e2e-secret-not-for-production-0123"

interface Rows {
  users: { id: string; email: string; image: string | null }[]
  accounts: { userId: string; provider: string; providerAccountId: string }[]
  sessions: number
}

const SELECT = {
  users: 'SELECT "id", "email", "image" FROM "User" ORDER BY "email"',
  accounts: 'SELECT "userId", "provider", "providerAccountId" FROM "Account" ORDER BY "provider"',
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

/** A GitHub Enterprise Server as GitHub documents its OAuth app flow and REST API (under /api/v3). */
async function startGitHubStandIn(): Promise<OAuth2Server> {
  const gh = await startOAuth2Server()
  // GitHub names itself in every authorization response: {baseUrl}/login/oauth on Enterprise Server.
  gh.iss = `${gh.url}/login/oauth`
  gh.tokenResponse = { access_token: "gho_16C7e42F292c6912E7710c838347Ae178B4a", token_type: "bearer", scope: "read:user,user:email" }
  gh.routes["/api/v3/user"] = { login: HUBOT.login, id: HUBOT.id, avatar_url: `${gh.url}/avatars/u/${HUBOT.id}?v=4`, name: HUBOT.name, email: null }
  gh.routes["/api/v3/user/emails"] = [
    { email: "hubot@users.noreply.ghe.example.test", primary: false, verified: true, visibility: null },
    { email: HUBOT.email, primary: true, verified: true, visibility: "private" },
  ]
  return gh
}

/** A context of its own (a second browser), with the project's trust of the local HTTPS servers. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  return context.newPage()
}

/**
 * From a signed-out page: the dashboard, the provider's button on the app's sign-in page, the
 * provider (which approves at once) and back to `landing`. Returns the callback URL the provider
 * sent the browser to.
 */
async function signInWith(page: Page, origin: string, providerName: string, providerId: string, landing = new RegExp(`^${origin}/dashboard$`)): Promise<URL> {
  await page.goto(`${origin}/dashboard`)
  const callback = page.waitForRequest((request) => request.url().startsWith(`${origin}/api/auth/callback/${providerId}?`))
  await page.getByRole("button", { name: `Sign in with ${providerName}` }).click()
  const url = new URL((await callback).url())
  // Not before the callback's redirect has landed: a navigation now would cut the sign-in short.
  await expect(page).toHaveURL(landing, { timeout: 30_000 })
  return url
}

/** GitHub's callback: code, the state the app sent (if any) and iss naming the server. */
function expectGitHubCallback(callback: URL, gh: OAuth2Server, keys: string[]): void {
  expect([...callback.searchParams.keys()].sort()).toEqual(keys)
  expect(callback.searchParams.get("iss")).toBe(`${gh.url}/login/oauth`)
}

const CASES = [
  ["sqlite", "jwt"],
  ["sqlite", "database"],
  ["postgresql", "jwt"],
  ["postgresql", "database"],
] as const

for (const [provider, strategy] of CASES) {
  test(`browsers signed in under next-auth (${provider}, ${strategy} sessions) stay signed in through the move, and its providers sign in after it`, async ({ page, browser }) => {
    test.setTimeout(300_000)
    const port = await freePort()
    // localhost, as next-auth's middleware names the host in its callback URLs; the IdP is on 127.0.0.1.
    const origin = `http://localhost:${port}`
    const idp = await startOidcServer({ redirectUris: [`${origin}/api/auth/callback/hydra`], accounts: [ACCOUNT] })
    const gh = await startGitHubStandIn()
    const entra = await startEntraStandIn({ user: ALICE_OF_A })
    const db = await createNextAuthDatabase(provider)
    const env = {
      DATABASE_URL: db.url,
      AUTH_SECRET,
      AUTH_SESSION_STRATEGY: strategy,
      AUTH_HYDRA_ID: idp.clientId,
      AUTH_HYDRA_SECRET: idp.clientSecret,
      AUTH_HYDRA_ISSUER: idp.issuer,
      AUTH_GITHUB_ID: "Iv1.moving-enterprise-app",
      AUTH_GITHUB_SECRET: "moving-enterprise-app-secret",
      GITHUB_BASE_URL: gh.url,
      AUTH_MICROSOFT_ENTRA_ID_ID: entra.clientId,
      AUTH_MICROSOFT_ENTRA_ID_SECRET: entra.clientSecret,
      AUTH_MICROSOFT_ENTRA_ID_ISSUER: entra.issuerOf(TENANT_A),
      NODE_EXTRA_CA_CERTS: process.env.E2E_TRUST_FILE ?? "",
    }
    // One session row per signed-in browser under database sessions, none under jwt.
    const rowsPer = (browsers: number) => (strategy === "database" ? browsers : 0)
    const ghPage = await newPage(browser)
    let server: AppServer | undefined
    try {
      // Under next-auth: the OAuth sign-ins create the users and link the accounts.
      server = await startApp(BEFORE_APP, port, env)
      await signInWithHydra(page, origin)
      await expectDashboardOf(page, origin, ACCOUNT.name)
      // next-auth sends no state to GitHub (PKCE only), so none comes back; iss does.
      expectGitHubCallback(await signInWith(ghPage, origin, "GitHub", "github"), gh, ["code", "iss"])
      await expectDashboardOf(ghPage, origin, HUBOT.name)
      const before = await rows(db)
      expect(before.users.map((user) => user.email)).toEqual([HUBOT.email, ACCOUNT.email])
      const [hubotId, userId] = before.users.map((user) => user.id)
      expect(before.accounts).toEqual([
        { userId: hubotId, provider: "github", providerAccountId: String(HUBOT.id) },
        { userId, provider: "hydra", providerAccountId: ACCOUNT.sub },
      ])
      expect(before.sessions).toBe(rowsPer(2))
      await server.stop()
      server = undefined

      // The move: the schema upgrade, then the moved build on the same origin.
      expect(await db.upgrade()).toEqual(["20261128000000_next_auth_upgrade"])
      server = await startApp(AFTER_APP, port, env)

      // The same browser contexts, not signed in again.
      await expectDashboardOf(page, origin, ACCOUNT.name)
      expect(await page.request.get(`${origin}/api/auth/session`).then((r) => r.json())).toMatchObject({ user: { email: ACCOUNT.email, name: ACCOUNT.name } })
      await expectDashboardOf(ghPage, origin, HUBOT.name)
      expect((await rows(db)).sessions).toBe(rowsPer(2))

      // Sign-out from the app's own menu ends the session (and its row).
      await page.goto(origin)
      await signOutFromMenu(page)
      await page.goto(`${origin}/dashboard`)
      await expect(page).not.toHaveURL(/\/dashboard$/)
      expect((await rows(db)).sessions).toBe(rowsPer(1))

      // The account linked under next-auth signs in to the same user; nothing is created twice.
      await signInWithHydra(page, origin)
      await expectDashboardOf(page, origin, ACCOUNT.name)

      // GitHub's real callback (code, state and iss) signs the GitHub user in again, to the same user.
      await ghPage.goto(origin)
      await signOutFromMenu(ghPage)
      expectGitHubCallback(await signInWith(ghPage, origin, "GitHub", "github"), gh, ["code", "iss", "state"])
      await expectDashboardOf(ghPage, origin, HUBOT.name)
      const after = await rows(db)
      expect(after.users).toEqual(before.users)
      expect(after.accounts).toEqual(before.accounts)
      expect(after.sessions).toBe(rowsPer(2))

      // Entra ID pinned to tenant A: its user signs in, with no photo (Graph is out of reach here)
      // and without waiting longer than the photo's time limit.
      const alicePage = await newPage(browser)
      const started = Date.now()
      const aliceCallback = await signInWith(alicePage, origin, "Microsoft Entra ID", "microsoft-entra-id")
      expect(aliceCallback.searchParams.get("code")).toBeTruthy()
      await expectDashboardOf(alicePage, origin, ALICE_OF_A.name)
      const entraSeconds = (Date.now() - started) / 1000
      console.log(`[next-auth-move] Entra ID sign-in (photo fetch failing) took ${entraSeconds.toFixed(1)} s`)
      expect(entraSeconds).toBeLessThan(20)
      const withAlice = await rows(db)
      expect(withAlice.users.find((user) => user.email === ALICE_OF_A.email)).toMatchObject({ image: null })
      expect(withAlice.sessions).toBe(rowsPer(3))

      // A user of tenant B is refused: the error page, no session, no user, no account.
      entra.user = MALLORY_OF_B
      const malloryPage = await newPage(browser)
      await signInWith(malloryPage, origin, "Microsoft Entra ID", "microsoft-entra-id", new RegExp(`^${origin}/api/auth/error\\?error=InvalidCheck$`))
      await expect(malloryPage.getByRole("heading", { name: "Unable to sign in" })).toBeVisible()
      expect(await malloryPage.request.get(`${origin}/api/auth/session`).then((r) => r.json())).toBeNull()
      const withMallory = await rows(db)
      expect(withMallory.users).toEqual(withAlice.users)
      expect(withMallory.accounts).toEqual(withAlice.accounts)
      expect(withMallory.sessions).toBe(rowsPer(3))
    } catch (error) {
      if (server) console.log(`[next-auth-move] server output:\n${server.output()}`)
      throw error
    } finally {
      await server?.stop()
      await idp.close()
      await gh.close()
      await entra.close()
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
