/**
 * Enterprise single sign-on from the pages: an owner connects a real SAML
 * identity provider (samlp, started here) on the organization's settings,
 * proves a domain with a TXT record on a real DNS server (dns2, on the port
 * the app servers were given as AUTH_DNS_SERVERS), tests the connection
 * without signing anyone in, and a member with an address on that domain
 * signs in through "Sign in with SSO". An unknown domain is told so. With
 * Require SSO on, that member's password is refused with the message the
 * sign-in page shows; the owner's own address is on another domain.
 * Without JavaScript each settings form posts and comes back with its
 * outcome. A sign-in the identity provider starts is refused until the
 * connection accepts it, then lands on the same-origin path its RelayState
 * names, or on the home page for any other. Test connection works for an
 * OpenID Connect connection too (its provider started here).
 */
import { randomUUID } from "node:crypto"
import { createServer } from "node:net"
import type { Browser, Page } from "@playwright/test"
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server"
import { startOidcServer } from "../helpers/oidc-provider"
import { startSamlIdp, type SamlIdp } from "../helpers/saml-idp"
import { expect, hydrated, loginAtIdp, newUser, signUp, submitSignInForm, test } from "./fixtures"
import { createOrganization } from "./organization-setup"

test.describe.configure({ timeout: 180_000 })
const SLOW = { timeout: 30_000 }

let dns: TestDnsServer
let idp: SamlIdp

test.beforeAll(async ({}, testInfo) => {
  // The port the project's app server asks (playwright.config.ts): each project has its own.
  dns = await startDnsServer(Number(testInfo.project.name === "jwt" ? process.env.E2E_JWT_DNS_PORT : process.env.E2E_DNS_PORT))
  idp = await startSamlIdp()
})

test.afterAll(async () => {
  await idp?.close()
  await dns?.close()
})

test("an owner connects SAML, verifies a domain and maps a group to a role; a member signs in with SSO as that role; with SSO required the member's password is refused", async ({
  page,
  browser,
  authUrl,
}) => {
  const id = randomUUID().slice(0, 6)
  const domain = `sso-${id}.test`
  const slug = `sso-org-${id}`

  // The owner creates the organization and opens its single sign-on settings.
  await signUp(page, newUser("sso-owner"))
  await page.goto("/orgs/new")
  await page.getByLabel("Organization name").fill(`SSO Org ${id}`)
  await page.getByLabel("Slug", { exact: true }).fill(slug)
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}$`), SLOW)
  await page.goto(`/o/${slug}/settings`)
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Single sign-on" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}/settings/sso$`))

  // Bad input is a sentence in the form, never an error page.
  const addForm = page.locator("#add-sso-connection")
  await addForm.getByLabel("Connection name").fill("Test IdP")
  await addForm.getByLabel("Email domains").fill(domain)
  await addForm.getByLabel("Identity provider entity ID").fill(idp.issuer)
  await addForm.getByLabel("Single sign-on URL").fill(idp.ssoUrl)
  await addForm.getByLabel("Signing certificate (PEM)").fill("not a certificate")
  await addForm.getByRole("button", { name: "Add connection" }).click()
  await expect(page.getByTestId("sso-add-connection-message")).toHaveText("The certificate is not PEM or base64.")
  await expect(page.getByTestId("sso-connection")).toHaveCount(0)

  await addForm.getByLabel("Signing certificate (PEM)").fill(idp.cert)
  await addForm.getByRole("button", { name: "Add connection" }).click()
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText(/^Connection added\./)).toBeVisible(SLOW)
  const connection = page.getByTestId("sso-connection")
  await expect(connection).toHaveCount(1)

  // What the identity provider's administrator pastes: this server's own addresses.
  const entityId = await connection.getByTestId("sso-sp-entity-id").inputValue()
  expect(entityId).toMatch(new RegExp(`^${authUrl}/api/auth/sso/saml/[^/]+/metadata$`))
  await expect(connection.getByTestId("sso-sp-acs-url")).toHaveValue(entityId.replace(/metadata$/, "acs"))
  await expect(connection.getByTestId("sso-sp-metadata-url")).toHaveValue(entityId)

  // The domain: its record, refused before it is published, verified after.
  const row = connection.getByTestId("sso-domain")
  await expect(row.getByTestId("sso-domain-name")).toHaveText(domain)
  await expect(row.getByTestId("sso-domain-state")).toHaveText("Not verified")
  const recordName = await row.getByTestId("sso-txt-name").inputValue()
  const recordValue = await row.getByTestId("sso-txt-value").inputValue()
  expect(recordName).toBe(`_auth-verification.${domain}`)
  expect(recordValue).toMatch(/^auth-domain-verification=[0-9a-f]{32}$/)
  await row.getByRole("button", { name: "Verify domain" }).click()
  await expect(row.getByTestId("sso-verify-message")).toContainText("No TXT record with that name was found yet", SLOW)
  dns.txt.set(recordName, [recordValue])
  await row.getByRole("button", { name: "Verify domain" }).click()
  await expect(row.getByTestId("sso-domain-state")).toHaveText("Verified", SLOW)

  // Roles from the identity provider's groups: a line that is not "group = role" is refused in
  // place; a mapping that is one is kept and shown again.
  const settings = connection.getByTestId("sso-connection-settings")
  await settings.getByLabel("Groups attribute or claim (optional)").fill("groups")
  await settings.getByLabel("Roles from groups (optional)").fill("eng-admins")
  await settings.getByRole("button", { name: "Save sign-in settings" }).click()
  await expect(settings.getByTestId("sso-connection-settings-message")).toContainText('Write each mapping as "group = role"')
  await settings.getByLabel("Roles from groups (optional)").fill("eng-admins = owner")
  await settings.getByRole("button", { name: "Save sign-in settings" }).click()
  await expect(settings.getByTestId("sso-connection-settings-message")).toContainText('"owner" is not a role an SSO sign-in may give')
  await settings.getByLabel("Roles from groups (optional)").fill("eng-admins = admin")
  await settings.getByRole("button", { name: "Save sign-in settings" }).click()
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText(/^Sign-in settings saved\./)).toBeVisible(SLOW)
  await expect(page.getByTestId("sso-connection-settings").getByLabel("Roles from groups (optional)")).toHaveValue("eng-admins = admin")

  // The member to be: an account with a password, on the verified domain, in the mapped group.
  const member = newUser("sso-member")
  member.email = `member-${id}@${domain}`
  idp.next = { user: { id: `idp-user-${id}`, email: member.email, name: member.name, groups: ["eng-admins"] } }

  // Test connection: the identity provider's answer on a page, and nobody signed in by it.
  await connection.getByRole("button", { name: "Test connection" }).click()
  await expect(page.getByTestId("sso-test-passed")).toBeVisible(SLOW)
  await expect(page.getByTestId("sso-test-email")).toHaveText(member.email)
  await expect(page.getByTestId("sso-test-subject")).toHaveText(`idp-user-${id}`)
  await expect(page.getByTestId("sso-test-domain")).toHaveText("yes")
  await page.getByRole("link", { name: "Back to the single sign-on settings" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}/settings/sso$`))
  await expect(page.getByTestId("sso-required-state")).toHaveText("Off")

  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  try {
    await signUp(memberPage, member)
    await memberContext.clearCookies()

    // An address on a domain nobody verified is told so on the sign-in page.
    await memberPage.goto("/api/auth/signin?callbackUrl=%2Fdashboard")
    await memberPage.getByLabel("Work address").fill(`someone@unknown-${id}.test`)
    await memberPage.getByRole("button", { name: "Sign in with SSO" }).click()
    await expect(memberPage.locator("div.alert")).toHaveText(
      "No organization signs in addresses at that domain with single sign-on. Check the address, or sign in another way.",
    )

    // Sign in with SSO: to the identity provider and back, signed in as the member's own account.
    await memberPage.getByLabel("Work address").fill(member.email)
    await memberPage.getByRole("button", { name: "Sign in with SSO" }).click()
    await expect(memberPage).toHaveURL(/\/dashboard$/, SLOW)
    await expect(memberPage.getByTestId("dashboard-user-email")).toHaveText(member.email)
    // The first sign-in through the connection joined the organization, as the group's role.
    await memberPage.goto(`/o/${slug}`)
    await expect(memberPage.getByText(`Admin · /o/${slug}`)).toBeVisible(SLOW)
    await memberContext.clearCookies()

    // Require SSO: the owner turns it on.
    await page.getByRole("button", { name: "Turn on Require SSO" }).click()
    await expect(page.getByTestId("sso-required-state")).toHaveText("On", SLOW)

    // The member's password no longer signs them in; the page says how to.
    await memberPage.goto("/api/auth/signin?callbackUrl=%2Fdashboard")
    await submitSignInForm(memberPage, member.email, member.password)
    await expect(memberPage.locator("div.alert")).toHaveText(
      "Your organization requires single sign-on for this address. Use “Sign in with SSO” with your work address.",
      SLOW,
    )
    await expect(memberPage).not.toHaveURL(/\/dashboard$/)
  } finally {
    await memberContext.close()
  }
})

/** Fills the add-connection form with the test identity provider's SAML values and `domain`. */
async function fillSamlConnection(page: Page, name: string, domain: string, certificate: string): Promise<void> {
  const addForm = page.locator("#add-sso-connection")
  await addForm.getByLabel("Connection name").fill(name)
  await addForm.getByLabel("Email domains").fill(domain)
  await addForm.getByLabel("Identity provider entity ID").fill(idp.issuer)
  await addForm.getByLabel("Single sign-on URL").fill(idp.ssoUrl)
  await addForm.getByLabel("Signing certificate (PEM)").fill(certificate)
  await addForm.getByRole("button", { name: "Add connection" }).click()
}

test("without JavaScript an owner creates a connection, adds a domain and saves the default role and role mapping, each form landing back on the settings page with its outcome", async ({
  page: withScript,
  browser,
  baseURL,
  databaseFile,
}) => {
  const id = randomUUID().slice(0, 6)
  const owner = await signUp(withScript, newUser("sso-nojs"))
  const org = createOrganization(databaseFile, owner.email)
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await withScript.context().storageState() })
  const page = await context.newPage()
  const settingsUrl = new RegExp(`/o/${org.slug}/settings/sso(#[\\w-]+)?$`)
  await page.goto(`/o/${org.slug}/settings/sso`)
  const outcome = page.getByTestId("flash-without-script")

  // A refusal comes back in the form, with what was typed kept.
  await fillSamlConnection(page, "No-script IdP", `nojs-${id}.test`, "not a certificate")
  await expect(page.getByTestId("sso-add-connection-message")).toHaveText("The certificate is not PEM or base64.", SLOW)
  await expect(page.locator("#add-sso-connection").getByLabel("Connection name")).toHaveValue("No-script IdP")
  await expect(page.getByTestId("sso-connection")).toHaveCount(0)

  await fillSamlConnection(page, "No-script IdP", `nojs-${id}.test`, idp.cert)
  await expect(page).toHaveURL(settingsUrl, SLOW)
  await expect(outcome).toHaveText(/^Connection added\./)
  const connection = page.getByTestId("sso-connection")
  await expect(connection).toHaveCount(1)
  await expect(connection.getByTestId("sso-domain-name")).toHaveText(`nojs-${id}.test`)

  await connection.getByLabel("Add a domain").fill(`nojs-second-${id}.test`)
  await connection.getByRole("button", { name: "Add domain" }).click()
  await expect(page).toHaveURL(settingsUrl, SLOW)
  await expect(outcome).toHaveText(`Domain nojs-second-${id}.test added. Publish its TXT record, then verify it.`)
  await expect(connection.getByTestId("sso-domain-name")).toHaveText([`nojs-${id}.test`, `nojs-second-${id}.test`])

  const settings = connection.getByTestId("sso-connection-settings")
  await settings.getByLabel("New members join as").selectOption({ label: "Admin" })
  await settings.getByLabel("Groups attribute or claim (optional)").fill("groups")
  await settings.getByLabel("Roles from groups (optional)").fill("eng-members = member")
  await settings.getByRole("button", { name: "Save sign-in settings" }).click()
  await expect(page).toHaveURL(settingsUrl, SLOW)
  await expect(outcome).toHaveText("Sign-in settings saved. They apply from each member's next sign-in.")
  await expect(settings.getByLabel("New members join as")).toHaveValue("admin")
  await expect(settings.getByLabel("Groups attribute or claim (optional)")).toHaveValue("groups")
  await expect(settings.getByLabel("Roles from groups (optional)")).toHaveValue("eng-members = member")
  await expect(connection.locator("dt").filter({ hasText: /^New members join as$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("Admin")

  // A refused save says why in its form, and the earlier outcome is not shown as if it were this one's.
  await settings.getByLabel("Roles from groups (optional)").fill("eng-members")
  await settings.getByRole("button", { name: "Save sign-in settings" }).click()
  await expect(settings.getByTestId("sso-connection-settings-message")).toContainText('Write each mapping as "group = role"', SLOW)
  await expect(outcome).toHaveCount(0)
  await context.close()
})

/** A page of the identity provider's own origin that posts an answer nobody asked for to the ACS, as its app dashboard does. */
async function postUnsolicited(browser: Browser, baseURL: string, acsUrl: string, samlResponse: string, relayState: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const launcher = "http://idp-dashboard.test/launch"
  await page.route(launcher, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><html lang="en"><head><title>IdP dashboard</title></head><body>
<form method="post" action="${acsUrl}"><input type="hidden" name="SAMLResponse" value="${samlResponse}"><input type="hidden" name="RelayState" value="${relayState}"><button type="submit">Open the app</button></form>
</body></html>`,
    }),
  )
  await page.goto(launcher)
  await page.getByRole("button", { name: "Open the app" }).click()
  return page
}

async function sessionEmail(page: Page): Promise<string | null> {
  const body = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } } | null
  return body?.user?.email ?? null
}

test("a sign-in the identity provider starts is refused while the connection does not accept it; accepted, it lands on the RelayState's path on this origin, and on the home page for another origin", async ({
  page,
  browser,
  baseURL,
  databaseFile,
}) => {
  const id = randomUUID().slice(0, 6)
  const domain = `idp-start-${id}.test`
  const owner = await signUp(page, newUser("sso-idp-start"))
  const org = createOrganization(databaseFile, owner.email)
  await page.goto(`/o/${org.slug}/settings/sso`)
  await fillSamlConnection(page, "Dashboard IdP", domain, idp.cert)
  const connection = page.getByTestId("sso-connection")
  await expect(connection).toHaveCount(1, SLOW)
  const acsUrl = await connection.getByTestId("sso-sp-acs-url").inputValue()
  const audience = await connection.getByTestId("sso-sp-entity-id").inputValue()
  const row = connection.getByTestId("sso-domain")
  dns.txt.set(await row.getByTestId("sso-txt-name").inputValue(), [await row.getByTestId("sso-txt-value").inputValue()])
  await row.getByRole("button", { name: "Verify domain" }).click()
  await expect(row.getByTestId("sso-domain-state")).toHaveText("Verified", SLOW)

  const email = `dash-${id}@${domain}`
  idp.next = { user: { id: `idp-dash-${id}`, email, name: "Dash Board" } }

  // Off (the default): refused with its code on the page a sign-in error goes to, and nobody signed in.
  const refused = await postUnsolicited(browser, baseURL!, acsUrl, await idp.unsolicited(acsUrl, audience), "/settings")
  await expect(refused).toHaveURL(/\/api\/auth\/signin\?(.*&)?code=sso_idp_initiated_disabled(&|$)/, SLOW)
  await expect(refused.locator("div.alert")).toHaveText("Start at this site: enter your work address under “Sign in with SSO”.")
  expect(await sessionEmail(refused)).toBeNull()
  await refused.context().close()

  // The owner accepts sign-ins the identity provider starts.
  const settings = connection.getByTestId("sso-connection-settings")
  await settings.getByLabel(/Accept sign-ins your identity provider starts/).check()
  await settings.getByRole("button", { name: "Save sign-in settings" }).click()
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText(/^Sign-in settings saved\./)).toBeVisible(SLOW)

  // Accepted: signed in, on the path RelayState names.
  const landed = await postUnsolicited(browser, baseURL!, acsUrl, await idp.unsolicited(acsUrl, audience), "/dashboard?from=idp")
  await expect(landed).toHaveURL(`${baseURL}/dashboard?from=idp`, SLOW)
  await expect(landed.getByTestId("dashboard-user-email")).toHaveText(email)
  await landed.context().close()

  // A RelayState naming another origin lands on the home page instead, still signed in.
  const elsewhere = await postUnsolicited(browser, baseURL!, acsUrl, await idp.unsolicited(acsUrl, audience), "https://evil.example/steal")
  await expect(elsewhere).toHaveURL(`${baseURL}/`, SLOW)
  expect(await sessionEmail(elsewhere)).toBe(email)
  await elsewhere.context().close()
})

/** A port nothing listens on now: the OpenID Provider must be named (the connection's issuer) before it starts. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

test("an owner tests an OpenID Connect connection: the provider's subject, email and claims on the result page, and nobody signed in by it", async ({
  page,
  databaseFile,
}) => {
  const id = randomUUID().slice(0, 6)
  const owner = await signUp(page, newUser("sso-oidc-test"))
  const org = createOrganization(databaseFile, owner.email)
  const port = await freePort()
  const client = { id: `sso-e2e-${id}`, secret: `sso-e2e-secret-${id}-0123456789` }

  await page.goto(`/o/${org.slug}/settings/sso`)
  const addForm = page.locator("#add-sso-connection")
  await addForm.getByLabel("Connection name").fill("Test OP")
  await addForm.getByLabel("Email domains").fill(`op-${id}.test`)
  await addForm.getByRole("radio", { name: "OpenID Connect" }).check()
  await addForm.getByLabel("Issuer").fill(`https://127.0.0.1:${port}`)
  await addForm.getByLabel("Client ID").fill(client.id)
  await addForm.getByLabel("Client secret").fill(client.secret)
  await addForm.getByRole("button", { name: "Add connection" }).click()
  const connection = page.getByTestId("sso-connection")
  await expect(connection).toHaveCount(1, SLOW)
  const redirectUri = await connection.getByTestId("sso-sp-redirect-uri").inputValue()

  const email = `tester-${id}@op-${id}.test`
  const op = await startOidcServer({ port, clientId: client.id, clientSecret: client.secret, redirectUris: [redirectUri], accounts: [{ sub: `op-${id}`, email, name: "Op Tester" }] })
  try {
    const testButton = connection.getByRole("button", { name: "Test connection" })
    await hydrated(testButton)
    await testButton.click()
    await loginAtIdp(page, `op-${id}`)
    await expect(page.getByTestId("sso-test-passed")).toHaveText("Test OP answered with a valid, signed ID token. Nobody was signed in.", SLOW)
    await expect(page.getByTestId("sso-test-subject")).toHaveText(`op-${id}`)
    await expect(page.getByTestId("sso-test-email")).toHaveText(email)
    await expect(page.getByTestId("sso-test-domain")).toHaveText("no: this user would be refused")
    await expect(page.getByRole("heading", { name: "Claims received" })).toBeVisible()
    await page.getByRole("link", { name: "Back to the single sign-on settings" }).click()
    await expect(page).toHaveURL(new RegExp(`/o/${org.slug}/settings/sso$`))
    expect(await sessionEmail(page)).toBe(owner.email)
  } finally {
    await op.close()
  }
})
