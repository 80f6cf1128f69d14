/**
 * OpenID Connect single sign-on end to end on real SQLite with the local
 * OpenID Provider: an address on the organization's verified domain signs in
 * through the connection's redirect URI and joins; an address the
 * organization has not verified is refused, however valid the ID token.
 * A test sign-in (the organization admin's dry run) shows what came back and
 * changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, ssoOperations, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startDnsServer, type TestDnsServer } from "@/tests/helpers/dns-server"
import { IdpBrowser, startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { BASE, Browser, ORIGIN, SECRET } from "../support"

const CONNECTION_ID = "oidc-connection-1"
const DOMAIN = "oidc-sso.test"
const PASSWORD = "oidc-suite-password-4471"

let db: TestDatabase
let dns: TestDnsServer
let idp: OidcServer
let config: AuthConfig
let organizationId: string
let ownerId: string

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  dns = await startDnsServer()
  idp = await startOidcServer({
    redirectUris: [`${ORIGIN}${BASE}/sso/oidc/${CONNECTION_ID}/callback`],
    accounts: [
      { sub: "oidc-olivia", email: `olivia@${DOMAIN}`, name: "Olivia" },
      { sub: "oidc-outsider", email: "outsider@elsewhere.test", name: "Outsider" },
      { sub: "oidc-dry", email: `dry@${DOMAIN}`, name: "Dry Run" },
    ],
  })
  config = {
    secret: SECRET,
    basePath: BASE,
    trustHost: true,
    adapter: PrismaAdapter(db.prisma),
    session: { strategy: "jwt" },
    providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    organizations: { enabled: true },
    sso: { enabled: true, dnsServers: dns.address },
  }
  const owner = await signUp(db.prisma, { email: "owner@owners.test", name: "Owner", password: PASSWORD })
  if (!owner.ok) throw new Error(owner.message)
  ownerId = owner.user.id
  const { organization } = await organizationOperations(config).create({ userId: ownerId }, { name: "Oidc Org", slug: "oidc-org" })
  organizationId = organization.id
  const sso = ssoOperations(config)
  const created = await sso.addConnection({ userId: ownerId }, organizationId, { kind: "oidc", name: "Test OP", oidcIssuer: idp.issuer, oidcClientId: idp.clientId })
  // The provider's client was registered with a fixed redirect URI, so the connection takes that id.
  await db.prisma.ssoConnection.update({ where: { id: created.id }, data: { id: CONNECTION_ID } })
  const updated = await sso.updateConnection({ userId: ownerId }, organizationId, CONNECTION_ID, { oidcClientSecret: idp.clientSecret })
  expect(updated.hasClientSecret).toBe(true)
  const domain = await sso.addDomain({ userId: ownerId }, organizationId, CONNECTION_ID, DOMAIN)
  dns.txt.set(domain.record.name, [domain.record.value])
  await sso.verifyDomain({ userId: ownerId }, organizationId, domain.id)
}, 60_000)

afterAll(async () => {
  await idp?.close()
  await dns?.close()
  await db?.cleanup()
})

async function signIn(browser: Browser, body: Record<string, string>, sub: string, callbackUrl = "/dashboard"): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  const start = await browser.send(`${BASE}/signin/sso`, { form: { csrfToken, callbackUrl, ...body } })
  expect(start.status).toBe(302)
  const authorization = new URL(start.headers.get("location")!)
  expect(authorization.origin).toBe(new URL(idp.issuer).origin)
  expect(authorization.searchParams.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/sso/oidc/${CONNECTION_ID}/callback`)
  const callback = await new IdpBrowser().authorize(authorization.href, sub)
  const url = new URL(callback)
  return browser.send(`${url.pathname}${url.search}`)
}

async function sessionEmail(browser: Browser): Promise<string | null> {
  const body = (await (await browser.send(`${BASE}/session`)).json()) as { user?: { email?: string } } | null
  return body?.user?.email ?? null
}

describe("OpenID Connect SSO", () => {
  it("an address on the verified domain signs in through the connection and joins the organization", async () => {
    const browser = new Browser(config)
    const res = await signIn(browser, { email: `olivia@${DOMAIN}` }, "oidc-olivia")
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(browser)).toBe(`olivia@${DOMAIN}`)
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: `olivia@${DOMAIN}` } })
    expect((await db.prisma.member.findFirstOrThrow({ where: { organizationId, userId: user.id } })).roles).toBe("member")
    const account = await db.prisma.account.findFirstOrThrow({ where: { userId: user.id } })
    expect([account.provider, account.providerAccountId]).toEqual([`sso:${CONNECTION_ID}`, "oidc-olivia"])
  })

  it("an identity whose address the organization has not verified is refused", async () => {
    const browser = new Browser(config)
    const res = await signIn(browser, { organization: "oidc-org" }, "oidc-outsider")
    expect(new URL(res.headers.get("location")!, ORIGIN).searchParams.get("code")).toBe("sso_domain_unverified")
    expect(await sessionEmail(browser)).toBeNull()
    expect(await db.prisma.user.count({ where: { email: "outsider@elsewhere.test" } })).toBe(0)
  })

  it("the stored client secret is sealed, never the secret itself", async () => {
    const row = await db.prisma.ssoConnection.findUniqueOrThrow({ where: { id: CONNECTION_ID } })
    expect(row.oidcClientSecret).not.toContain(idp.clientSecret)
    const { connections } = await ssoOperations(config).list({ userId: ownerId }, organizationId)
    expect(JSON.stringify(connections)).not.toContain(idp.clientSecret)
  })
})

describe("Test connection: an OpenID Connect dry run for the organization's admins", () => {
  const SETTINGS = "/o/oidc-org/settings/sso"

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email, password: PASSWORD })
    expect(await sessionEmail(browser)).toBe(email)
    return browser
  }

  it("reports the subject and email the provider sent, and links no account, starts no session and adds no member", async () => {
    // An account with the address already exists: a real sign-in would link it and make it a member.
    const existing = await signUp(db.prisma, { email: `dry@${DOMAIN}`, name: "Dry", password: PASSWORD })
    if (!existing.ok) throw new Error(existing.message)
    const browser = await signedIn("owner@owners.test")
    const res = await signIn(browser, { organization: "oidc-org", connection: CONNECTION_ID, test: "1" }, "oidc-dry", SETTINGS)
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain("Test passed")
    expect(page).toMatch(/data-testid="sso-test-subject">oidc-dry</)
    expect(page).toMatch(new RegExp(`data-testid="sso-test-email">dry@${DOMAIN}<`))
    expect(page).toMatch(/data-testid="sso-test-domain">yes</)
    expect(page).toContain(`href="${ORIGIN}${SETTINGS}"`)

    expect(await sessionEmail(browser)).toBe("owner@owners.test")
    expect(await db.prisma.account.count({ where: { provider: `sso:${CONNECTION_ID}`, providerAccountId: "oidc-dry" } })).toBe(0)
    expect(await db.prisma.account.count({ where: { userId: existing.user.id } })).toBe(0)
    expect(await db.prisma.member.count({ where: { organizationId, userId: existing.user.id } })).toBe(0)
    expect(await db.prisma.user.count({ where: { email: `dry@${DOMAIN}` } })).toBe(1)
  })

  it("marks only the sign-in it started: the next sign-in through the connection is a real one", async () => {
    const browser = await signedIn("owner@owners.test")
    expect((await signIn(browser, { organization: "oidc-org", connection: CONNECTION_ID, test: "1" }, "oidc-dry", SETTINGS)).status).toBe(200)
    const visitor = new Browser(config)
    const res = await signIn(visitor, { email: `olivia@${DOMAIN}` }, "oidc-olivia")
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(visitor)).toBe(`olivia@${DOMAIN}`)
  })

  it("an answer the provider refused is shown with its code, and still signs nobody in", async () => {
    const browser = await signedIn("owner@owners.test")
    const csrfToken = await browser.csrfToken()
    const start = await browser.send(`${BASE}/signin/sso`, { form: { csrfToken, organization: "oidc-org", connection: CONNECTION_ID, test: "1", callbackUrl: SETTINGS } })
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!
    const answer = new URLSearchParams({ error: "access_denied", state, iss: idp.issuer })
    const res = await browser.send(`${BASE}/sso/oidc/${CONNECTION_ID}/callback?${answer}`)
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain("Test failed")
    expect(page).toMatch(/data-testid="sso-test-refused">[^<]*<code>oauth_callback_error</)
    expect(await sessionEmail(browser)).toBe("owner@owners.test")
  })

  it("is refused to a member who is not an owner or admin, and to a signed-out visitor", async () => {
    const member = await signUp(db.prisma, { email: "plain-member@owners.test", name: "Plain", password: PASSWORD })
    if (!member.ok) throw new Error(member.message)
    await db.prisma.member.create({ data: { organizationId, userId: member.user.id, roles: "member" } })
    for (const browser of [await signedIn("plain-member@owners.test"), new Browser(config)]) {
      const csrfToken = await browser.csrfToken()
      const start = await browser.send(`${BASE}/signin/sso`, { form: { csrfToken, organization: "oidc-org", connection: CONNECTION_ID, test: "1", callbackUrl: SETTINGS } })
      expect(start.status).toBe(302)
      const location = new URL(start.headers.get("location")!, ORIGIN)
      expect(location.origin).toBe(ORIGIN)
      expect(location.searchParams.get("code")).toBe("sso_forbidden")
    }
  })
})
