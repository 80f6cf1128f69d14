/**
 * SAML single sign-on end to end on real SQLite, with a real SAML identity
 * provider (samlp on 127.0.0.1) and a real DNS server (dns2) for domain
 * verification: what a user signing in sees, and what an attacker replaying,
 * re-targeting, unsigning, wrapping or comment-splicing an answer gets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, ssoOperations, SsoError, type AuthConfig, type OrganizationEvent } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startDnsServer, type TestDnsServer } from "@/tests/helpers/dns-server"
import { createSamlKeyPair, startSamlIdp, type KeyPair, type SamlIdp } from "@/tests/helpers/saml-idp"
import { BASE, Browser, ORIGIN, SECRET } from "../support"

const PASSWORD = "sso-suite-password-88213"
const DOMAIN = "acme-sso.test"

let db: TestDatabase
let dns: TestDnsServer
let idp: SamlIdp
let spKeys: KeyPair
let config: AuthConfig
const events: OrganizationEvent[] = []
let n = 0

async function account(email: string): Promise<{ id: string; email: string }> {
  const created = await signUp(db.prisma, { email, name: `User ${++n}`, password: PASSWORD })
  if (!created.ok) throw new Error(created.message)
  await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
  return { id: created.user.id, email }
}

const sso = () => ssoOperations(config)
const orgs = () => organizationOperations(config)

async function refusal(call: () => Promise<unknown>): Promise<string | null> {
  return call().then(
    () => null,
    (error: unknown) => {
      if (error instanceof SsoError) return error.code
      throw error
    },
  )
}

/** An organization with a SAML connection to the test IdP; `domain` verified through DNS when given. */
async function organizationWithConnection(slug: string, domain?: string, extra: Record<string, unknown> = {}) {
  const owner = await account(`owner-${slug}@owners.test`)
  const { organization } = await orgs().create({ userId: owner.id }, { name: slug, slug })
  const connection = await sso().addConnection({ userId: owner.id }, organization.id, {
    kind: "saml",
    name: `IdP of ${slug}`,
    samlEntityId: idp.issuer,
    samlSsoUrl: idp.ssoUrl,
    samlCertificate: idp.cert,
    ...extra,
  })
  if (domain) {
    const added = await sso().addDomain({ userId: owner.id }, organization.id, connection.id, domain)
    dns.txt.set(added.record.name, [added.record.value])
    await sso().verifyDomain({ userId: owner.id }, organization.id, added.id)
  }
  return { owner, organization, connection }
}

const acsPath = (connectionId: string) => `${BASE}/sso/saml/${connectionId}/acs`

function formField(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)
  if (!input) throw new Error(`no ${name} in the IdP's form`)
  return input[1].replace(/&#x2F;/g, "/").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x3D;/g, "=").replace(/&#43;/g, "+")
}

/** The IdP's cross-site POST, then the relay page's same-origin POST, as a browser makes them. */
async function postAnswer(browser: Browser, connectionId: string, samlResponse: string, relayState = ""): Promise<Response> {
  const fields = { SAMLResponse: samlResponse, RelayState: relayState }
  const crossSite = await browser.send(acsPath(connectionId), { form: fields, cookie: "", headers: { "sec-fetch-site": "cross-site", origin: new URL(idp.ssoUrl).origin } })
  expect(crossSite.status).toBe(200)
  const relay = await crossSite.text()
  expect(relay).toContain('name="relayed" value="1"')
  return browser.send(acsPath(connectionId), { form: { ...fields, relayed: "1" }, headers: { "sec-fetch-site": "same-origin", origin: ORIGIN } })
}

/** Starts an SP-initiated sign-in and fetches the IdP's answer (the SAMLResponse its form would post). */
async function answerFor(browser: Browser, body: Record<string, string>): Promise<string> {
  const csrfToken = await browser.csrfToken()
  const start = await browser.send(`${BASE}/signin/sso`, { form: { csrfToken, callbackUrl: "/dashboard", ...body } })
  expect(start.status).toBe(302)
  const location = start.headers.get("location")!
  expect(location.startsWith(idp.ssoUrl)).toBe(true)
  const page = await (await fetch(location)).text()
  return formField(page, "SAMLResponse")
}

async function signIn(browser: Browser, connectionId: string, body: Record<string, string>): Promise<Response> {
  return postAnswer(browser, connectionId, await answerFor(browser, body))
}

const refusedWith = (res: Response) => {
  const location = res.headers.get("location") ?? ""
  return new URL(location, ORIGIN).searchParams.get("code")
}

async function sessionEmail(browser: Browser): Promise<string | null> {
  const res = await browser.send(`${BASE}/session`)
  const body = (await res.json()) as { user?: { email?: string } } | null
  return body?.user?.email ?? null
}

const decode = (b64: string) => Buffer.from(b64, "base64").toString("utf8")
const encode = (xml: string) => Buffer.from(xml, "utf8").toString("base64")

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  dns = await startDnsServer()
  idp = await startSamlIdp()
  spKeys = createSamlKeyPair("test-sp")
  config = {
    secret: SECRET,
    basePath: BASE,
    trustHost: true,
    adapter: PrismaAdapter(db.prisma),
    session: { strategy: "database" },
    providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    organizations: { enabled: true, onEvent: (event) => void events.push(event) },
    sso: { enabled: true, dnsServers: dns.address, saml: { privateKey: spKeys.key, certificate: spKeys.cert } },
  }
}, 60_000)

afterAll(async () => {
  await idp?.close()
  await dns?.close()
  await db?.cleanup()
})

describe("SSO domains: verified one at a time through DNS", () => {
  it("a wrong or missing TXT record is refused with its code; the right one verifies; adding another domain leaves the first verified", async () => {
    const { owner, organization, connection } = await organizationWithConnection("domains-1")
    const actor = { userId: owner.id }
    const first = await sso().addDomain(actor, organization.id, connection.id, "Verify-One.test.")
    expect(first.domain).toBe("verify-one.test")
    expect(first.record.name).toBe("_auth-verification.verify-one.test")
    expect(first.record.value).toBe(`auth-domain-verification=${first.verificationToken}`)

    expect(await refusal(() => sso().verifyDomain(actor, organization.id, first.id))).toBe("sso_dns_record_missing")
    dns.txt.set(first.record.name, ["auth-domain-verification=not-the-token"])
    expect(await refusal(() => sso().verifyDomain(actor, organization.id, first.id))).toBe("sso_dns_record_mismatch")
    dns.txt.set(first.record.name, [first.record.value])
    expect((await sso().verifyDomain(actor, organization.id, first.id)).state).toBe("verified")

    const second = await sso().addDomain(actor, organization.id, connection.id, "verify-two.test")
    expect(second.state).toBe("pending")
    const { domains } = await sso().list(actor, organization.id)
    expect(domains.map((d) => [d.domain, d.state])).toEqual([
      ["verify-one.test", "verified"],
      ["verify-two.test", "pending"],
    ])
    expect(await refusal(() => sso().addDomain(actor, organization.id, connection.id, "not a domain"))).toBe("sso_invalid_domain")
  })

  it("a domain another organization holds verified cannot be verified, even with its own correct record", async () => {
    await organizationWithConnection("domains-holder", "claimed-domain.test")
    const { owner, organization, connection } = await organizationWithConnection("domains-claimer")
    const added = await sso().addDomain({ userId: owner.id }, organization.id, connection.id, "claimed-domain.test")
    dns.txt.set(added.record.name, [added.record.value])
    expect(await refusal(() => sso().verifyDomain({ userId: owner.id }, organization.id, added.id))).toBe("sso_domain_claimed")
  })

  it("a member who is not an owner or admin cannot manage single sign-on", async () => {
    const { owner, organization } = await organizationWithConnection("domains-roles")
    const member = await account("plain-member@owners.test")
    await db.prisma.member.create({ data: { organizationId: organization.id, userId: member.id, roles: "member" } })
    void owner
    expect(await refusal(() => sso().list({ userId: member.id }, organization.id))).toBe("sso_forbidden")
  })
})

describe("SAML sign-in", () => {
  let org: Awaited<ReturnType<typeof organizationWithConnection>>

  beforeAll(async () => {
    org = await organizationWithConnection("acme", DOMAIN, { roleMapping: { attribute: "groups", roles: { admins: "admin" } } })
  }, 30_000)

  it("publishes SP metadata naming its entity id and ACS", async () => {
    const res = await new Browser(config).send(`${BASE}/sso/saml/${org.connection.id}/metadata`)
    expect(res.status).toBe(200)
    const xml = await res.text()
    expect(xml).toContain(`entityID="${ORIGIN}${BASE}/sso/saml/${org.connection.id}/metadata"`)
    expect(xml).toContain(`Location="${ORIGIN}${BASE}/sso/saml/${org.connection.id}/acs"`)
    expect((await new Browser(config).send(`${BASE}/sso/saml/nope/metadata`)).status).toBe(404)
  })

  it("an address on the verified domain signs in, and the first sign-in makes the account and joins with the default role", async () => {
    idp.next = { user: { id: "idp-alice", email: `alice@${DOMAIN}`, name: "Alice" } }
    const browser = new Browser(config)
    const res = await signIn(browser, org.connection.id, { email: `alice@${DOMAIN}` })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(await sessionEmail(browser)).toBe(`alice@${DOMAIN}`)
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: `alice@${DOMAIN}` } })
    expect(user.emailVerified).not.toBeNull()
    const member = await db.prisma.member.findFirstOrThrow({ where: { organizationId: org.organization.id, userId: user.id } })
    expect(member.roles).toBe("member")
    const account = await db.prisma.account.findFirstOrThrow({ where: { userId: user.id } })
    expect([account.provider, account.providerAccountId]).toEqual([`sso:${org.connection.id}`, "idp-alice"])
    const log = await orgs().activity({ userId: org.owner.id }, org.organization.id)
    expect(log.slice(0, 2).map((e) => e.type)).toEqual(["sso-sign-in", "member-joined"])
  })

  it("signIn by organization works too, and the mapped group gives its role at each sign-in", async () => {
    idp.next = { user: { id: "idp-bob", email: `bob@${DOMAIN}`, groups: ["admins"] } }
    const browser = new Browser(config)
    expect((await signIn(browser, org.connection.id, { organization: "acme" })).status).toBe(302)
    const bob = await db.prisma.user.findUniqueOrThrow({ where: { email: `bob@${DOMAIN}` } })
    const roles = () => db.prisma.member.findFirstOrThrow({ where: { organizationId: org.organization.id, userId: bob.id } }).then((m) => m.roles)
    expect(await roles()).toBe("admin")
    idp.next = { user: { id: "idp-bob", email: `bob@${DOMAIN}`, groups: ["staff"] } }
    expect((await signIn(new Browser(config), org.connection.id, { organization: "acme" })).status).toBe(302)
    expect(await roles()).toBe("member")
  })

  it("an existing account with the address is linked (the domain is verified), not duplicated", async () => {
    const existing = await account(`carol@${DOMAIN}`)
    idp.next = { user: { id: "idp-carol", email: `carol@${DOMAIN}` } }
    const browser = new Browser(config)
    expect((await signIn(browser, org.connection.id, { email: `carol@${DOMAIN}` })).status).toBe(302)
    const links = await db.prisma.account.findMany({ where: { provider: `sso:${org.connection.id}`, providerAccountId: "idp-carol" } })
    expect(links.map((a) => a.userId)).toEqual([existing.id])
  })

  it("encrypted assertions are decrypted with the service provider's key", async () => {
    idp.next = { user: { id: "idp-erin", email: `erin@${DOMAIN}` }, encryptionCert: spKeys.cert, encryptionPublicKey: spKeys.publicKey }
    const browser = new Browser(config)
    const answer = await answerFor(browser, { email: `erin@${DOMAIN}` })
    expect(decode(answer)).toContain("EncryptedAssertion")
    expect((await postAnswer(browser, org.connection.id, answer)).status).toBe(302)
    expect(await sessionEmail(browser)).toBe(`erin@${DOMAIN}`)
  })

  it("a replayed assertion is refused, even with the same browser's request cookie", async () => {
    idp.next = { user: { id: "idp-dave", email: `dave@${DOMAIN}` } }
    const browser = new Browser(config)
    const answer = await answerFor(browser, { email: `dave@${DOMAIN}` })
    const requestCookie = browser.cookieHeader()
    expect((await postAnswer(browser, org.connection.id, answer)).status).toBe(302)
    const replay = new Browser(config)
    for (const pair of requestCookie.split("; ")) {
      const i = pair.indexOf("=")
      replay.jar.set(pair.slice(0, i), pair.slice(i + 1))
    }
    const res = await postAnswer(replay, org.connection.id, answer)
    expect(refusedWith(res)).toBe("sso_assertion_replayed")
    expect(await sessionEmail(replay)).toBeNull()
  })

  it("an answer to another browser's request is refused", async () => {
    idp.next = { user: { id: "idp-frank", email: `frank@${DOMAIN}` } }
    const answer = await answerFor(new Browser(config), { email: `frank@${DOMAIN}` })
    const res = await postAnswer(new Browser(config), org.connection.id, answer)
    expect(refusedWith(res)).toBe("sso_request_mismatch")
  })

  it.each([
    ["an expired assertion", { lifetimeInSeconds: -600 }, "sso_assertion_expired"],
    ["an assertion for another audience", { audience: "urn:another-service" }, "sso_audience_mismatch"],
    ["an assertion for another recipient", { recipient: "https://elsewhere.test/acs" }, "sso_audience_mismatch"],
    ["an unsigned assertion in an unsigned response", { signAssertion: false, signResponse: false }, "sso_signature_invalid"],
  ] as const)("%s is refused and nobody is signed in", async (_, shape, code) => {
    idp.next = { user: { id: "idp-mallory", email: `mallory@${DOMAIN}` }, ...shape }
    const browser = new Browser(config)
    const res = await signIn(browser, org.connection.id, { email: `mallory@${DOMAIN}` })
    expect(refusedWith(res)).toBe(code)
    expect(await sessionEmail(browser)).toBeNull()
    const log = await orgs().activity({ userId: org.owner.id }, org.organization.id)
    expect(log[0]).toMatchObject({ type: "sso-sign-in-refused", detail: code })
  })

  it("a response signed only at the top is accepted", async () => {
    idp.next = { user: { id: "idp-grace", email: `grace@${DOMAIN}` }, signAssertion: false, signResponse: true }
    const browser = new Browser(config)
    expect((await signIn(browser, org.connection.id, { email: `grace@${DOMAIN}` })).status).toBe(302)
    expect(await sessionEmail(browser)).toBe(`grace@${DOMAIN}`)
  })

  it("a wrapped signature (a forged assertion around the signed one) is refused", async () => {
    idp.next = { user: { id: "idp-henry", email: `henry@${DOMAIN}` } }
    const browser = new Browser(config)
    const xml = decode(await answerFor(browser, { email: `henry@${DOMAIN}` }))
    const signed = /<(\w+:)?Assertion\b[\s\S]*<\/(\w+:)?Assertion>/.exec(xml)![0]
    const forged = signed
      .replace(/<(\w+:)?Signature\b[\s\S]*?<\/(\w+:)?Signature>/, "")
      .replace(/ID="[^"]+"/, 'ID="_forged"')
      .replaceAll("idp-henry", "idp-alice")
      .replaceAll(`henry@${DOMAIN}`, `alice@${DOMAIN}`)
    const prefix = /<(\w+:)?Assertion\b/.exec(signed)![1] ?? ""
    const wrapped = xml.replace(signed, forged.replace(`</${prefix}Assertion>`, `<${prefix}Advice>${signed}</${prefix}Advice></${prefix}Assertion>`))
    const res = await postAnswer(browser, org.connection.id, encode(wrapped))
    expect(refusedWith(res)).toBe("sso_signature_invalid")
    expect(await sessionEmail(browser)).toBeNull()
  })

  it("a comment spliced into the NameID does not shorten it to another user's subject", async () => {
    idp.next = { user: { id: "idp-alice.attacker", email: `ivan@${DOMAIN}` } }
    const browser = new Browser(config)
    const xml = decode(await answerFor(browser, { email: `ivan@${DOMAIN}` }))
    expect(xml).toContain(">idp-alice.attacker<")
    const spliced = xml.replace(">idp-alice.attacker<", ">idp-alice<!---->.attacker<")
    const res = await postAnswer(browser, org.connection.id, encode(spliced))
    expect(res.status).toBe(302)
    // Whatever the verdict, the answer is never read as alice's subject.
    expect(await sessionEmail(browser)).not.toBe(`alice@${DOMAIN}`)
    if (refusedWith(res) === null) {
      const subjects = await db.prisma.account.findMany({ where: { provider: `sso:${org.connection.id}` }, select: { providerAccountId: true } })
      expect(subjects.map((s) => s.providerAccountId)).toContain("idp-alice.attacker")
    }
  })

  it("IdP-initiated sign-in is refused while off; once on, a fresh answer lands on a same-origin path only, and once", async () => {
    const acsUrl = `${ORIGIN}${acsPath(org.connection.id)}`
    const audience = `${ORIGIN}${BASE}/sso/saml/${org.connection.id}/metadata`
    idp.next = { user: { id: "idp-judy", email: `judy@${DOMAIN}` } }
    const off = await postAnswer(new Browser(config), org.connection.id, await idp.unsolicited(acsUrl, audience), "/settings")
    expect(refusedWith(off)).toBe("sso_idp_initiated_disabled")

    await sso().updateConnection({ userId: org.owner.id }, org.organization.id, org.connection.id, { idpInitiated: true })
    try {
      const answer = await idp.unsolicited(acsUrl, audience)
      const browser = new Browser(config)
      const on = await postAnswer(browser, org.connection.id, answer, "/settings?tab=1")
      expect(on.headers.get("location")).toBe(`${ORIGIN}/settings?tab=1`)
      expect(await sessionEmail(browser)).toBe(`judy@${DOMAIN}`)
      expect(refusedWith(await postAnswer(new Browser(config), org.connection.id, answer, "/settings"))).toBe("sso_assertion_replayed")

      const elsewhere = await postAnswer(new Browser(config), org.connection.id, await idp.unsolicited(acsUrl, audience), "https://evil.test/")
      expect(elsewhere.headers.get("location")).toBe(`${ORIGIN}/`)
      const slashes = await postAnswer(new Browser(config), org.connection.id, await idp.unsolicited(acsUrl, audience), "//evil.test/")
      expect(slashes.headers.get("location")).toBe(`${ORIGIN}/`)
    } finally {
      await sso().updateConnection({ userId: org.owner.id }, org.organization.id, org.connection.id, { idpInitiated: false })
    }
  })

  it("a second organization's connection cannot sign an address of the first's domain in", async () => {
    const other = await organizationWithConnection("other-org")
    idp.next = { user: { id: "idp-alice", email: `alice@${DOMAIN}` } }
    const browser = new Browser(config)
    const res = await signIn(browser, other.connection.id, { organization: "other-org" })
    expect(refusedWith(res)).toBe("sso_domain_unverified")
    expect(await sessionEmail(browser)).toBeNull()
    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: `alice@${DOMAIN}` } })
    expect(await db.prisma.member.count({ where: { organizationId: other.organization.id, userId: alice.id } })).toBe(0)
    expect(await db.prisma.account.count({ where: { provider: `sso:${other.connection.id}` } })).toBe(0)
  })

  it("with SSO required, a member's password is refused with sso_required; an owner keeps the password as break-glass", async () => {
    const owner = await account(`owner@${DOMAIN}`)
    await db.prisma.member.create({ data: { organizationId: org.organization.id, userId: owner.id, roles: "owner" } })
    const memberWithPassword = await account(`kim@${DOMAIN}`)
    await db.prisma.member.create({ data: { organizationId: org.organization.id, userId: memberWithPassword.id, roles: "member" } })
    await sso().setRequired({ userId: org.owner.id }, org.organization.id, true)
    try {
      const member = new Browser(config)
      const refused = await member.signInWithCredentials({ email: memberWithPassword.email, password: PASSWORD })
      expect(refusedWith(refused)).toBe("sso_required")
      expect(member.sessionValue()).toBe("")

      const ownerBrowser = new Browser(config)
      await ownerBrowser.signInWithCredentials({ email: owner.email, password: PASSWORD })
      expect(await sessionEmail(ownerBrowser)).toBe(owner.email)

      idp.next = { user: { id: "idp-kim", email: `kim@${DOMAIN}` } }
      const viaSso = new Browser(config)
      expect((await signIn(viaSso, org.connection.id, { email: `kim@${DOMAIN}` })).status).toBe(302)
      expect(await sessionEmail(viaSso)).toBe(`kim@${DOMAIN}`)
      const events = await db.prisma.securityEvent.findMany({ where: { userId: memberWithPassword.id, outcome: "failure" } })
      expect(events.map((e) => e.detail)).toContain("sso_required")
    } finally {
      await sso().setRequired({ userId: org.owner.id }, org.organization.id, false)
    }
  })

  it("an address on no verified domain is told so, not sent anywhere", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/sso`, { form: { csrfToken, email: "someone@unclaimed.test" } })
    expect(refusedWith(res)).toBe("sso_no_connection")
  })
})

describe("Test connection: a dry sign-in for the organization's admins", () => {
  it("an owner sees what the identity provider sent, and nobody is signed in or created by it", async () => {
    const { owner, connection } = await organizationWithConnection("dry-run", "dry-run.test")
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: owner.email, password: PASSWORD })
    idp.next = { user: { id: "idp-dry", email: "dry@dry-run.test", name: "Dry Run", groups: ["staff"] } }
    const res = await postAnswer(browser, connection.id, await answerFor(browser, { organization: "dry-run", connection: connection.id, test: "1" }))
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain("Test passed")
    expect(page).toContain("dry@dry-run.test")
    expect(page).toContain("idp-dry")
    expect(page).toMatch(/data-testid="sso-test-domain">yes</)
    expect(page).toContain("staff")
    expect(await sessionEmail(browser)).toBe(owner.email)
    expect(await db.prisma.user.count({ where: { email: "dry@dry-run.test" } })).toBe(0)
  })

  it("a refused answer is shown with its code, and still signs nobody in", async () => {
    const { owner, connection } = await organizationWithConnection("dry-run-refused")
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: owner.email, password: PASSWORD })
    idp.next = { user: { id: "idp-dry-2", email: "dry2@elsewhere.test" }, audience: "urn:someone-else" }
    const res = await postAnswer(browser, connection.id, await answerFor(browser, { organization: "dry-run-refused", connection: connection.id, test: "1" }))
    expect(res.status).toBe(400)
    expect(await res.text()).toContain("sso_audience_mismatch")
    expect(await sessionEmail(browser)).toBe(owner.email)
  })

  it("a plain member, or a signed-out visitor, cannot start one", async () => {
    const { organization, connection } = await organizationWithConnection("dry-run-roles")
    const member = await account("dry-member@owners.test")
    await db.prisma.member.create({ data: { organizationId: organization.id, userId: member.id, roles: "member" } })
    const memberBrowser = new Browser(config)
    await memberBrowser.signInWithCredentials({ email: member.email, password: PASSWORD })
    const visitor = new Browser(config)
    for (const browser of [memberBrowser, visitor]) {
      const csrfToken = await browser.csrfToken()
      const start = await browser.send(`${BASE}/signin/sso`, { form: { csrfToken, organization: "dry-run-roles", connection: connection.id, test: "1" } })
      expect(start.status).toBe(302)
      expect(refusedWith(start)).toBe("sso_forbidden")
    }
  })
})
