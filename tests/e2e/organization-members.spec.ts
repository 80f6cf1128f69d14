/**
 * Members and invitations in the browser, once per session
 * strategy: an owner invites by mail (the real SMTP capture), a second browser
 * accepts, the owner changes the role and removes the member, whose already
 * open page loses access at once; a newcomer signs up through an invitation
 * (verified, a member, signed in) and leaves. The organization is made in the
 * server's SQLite file (its pages for creating one are another part of the
 * starter); everything after that goes through the pages.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import Database from "better-sqlite3"
import type { Browser, Page } from "@playwright/test"
import { linkIn, type TestSmtpServer } from "../helpers/smtp"
import { expect, newUser, signUp, test } from "./fixtures"

/** An organization owned by `ownerEmail`, written straight into the server's database. */
function createOrganization(databaseFile: string, ownerEmail: string): { slug: string; name: string } {
  const id = randomUUID().slice(0, 8)
  const org = { id: `e2e-org-${id}`, slug: `team-${id}`, name: `Team ${id}` }
  const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
  try {
    db.pragma("busy_timeout = 5000")
    const owner = db.prepare('SELECT id FROM "User" WHERE email = ?').get(ownerEmail) as { id: string }
    db.prepare('INSERT INTO "Organization" (id, name, slug) VALUES (?, ?, ?)').run(org.id, org.name, org.slug)
    db.prepare('INSERT INTO "Member" (id, "organizationId", "userId", roles) VALUES (?, ?, ?, ?)').run(`e2e-member-${id}`, org.id, owner.id, "owner")
  } finally {
    db.close()
  }
  return { slug: org.slug, name: org.name }
}

function emailVerified(databaseFile: string, email: string): boolean {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('SELECT "emailVerified" AS v FROM "User" WHERE email = ?').get(email) as { v: unknown } | undefined
    return row?.v !== null && row?.v !== undefined
  } finally {
    db.close()
  }
}

/** A second browser: its own cookies. */
async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  return context.newPage()
}

/** The row of the members list that names `email`. */
const memberRow = (page: Page, email: string) => page.getByTestId("member").filter({ hasText: email })

async function invite(page: Page, slug: string, email: string, role: string, smtp: TestSmtpServer, baseURL: string): Promise<string> {
  await page.goto(`/o/${slug}/members`)
  await page.getByLabel("Email address").fill(email)
  await page.locator("#invite-role").selectOption({ label: role })
  await page.getByRole("button", { name: "Invite member" }).click()
  await expect(page.getByTestId("invite-message")).toHaveText(`Invitation sent to ${email.toLowerCase()}.`)
  await expect(page.getByTestId("invitation").filter({ hasText: email.toLowerCase() })).toBeVisible()
  const mail = await smtp.waitFor(email)
  expect(mail.subject).toContain("invited you to")
  return linkIn(mail, `${baseURL}/invite/`)
}

test("an owner invites by mail, a second browser accepts; role change; removal ends the open page's access at once", async ({ page, browser, smtp, baseURL, databaseFile, strategy }) => {
  const owner = await signUp(page, newUser("org-owner"))
  await smtp.waitFor(owner.email)
  const org = createOrganization(databaseFile, owner.email)

  // The invitee has an account with a verified address (the link of the verification mail).
  const other = await newPage(browser, baseURL!)
  const invitee = await signUp(other, newUser("org-invitee"))
  await other.goto(linkIn(await smtp.waitFor(invitee.email), `${baseURL}/verify-email?`))
  await expect(other.getByTestId("verify-email-result")).toHaveText("Thank you: your email address is confirmed.")

  const link = await invite(page, org.slug, invitee.email, "Member", smtp, baseURL!)
  // The only owner is told why they cannot leave.
  await expect(page.getByTestId("last-owner-note")).toContainText("only owner")

  await other.goto(link)
  await expect(other.getByRole("heading", { name: `Join ${org.name}` })).toBeVisible()
  await expect(other.getByTestId("invitation")).toContainText(owner.name)
  await other.getByRole("button", { name: "Accept invitation" }).click()
  await expect(other).toHaveURL(new RegExp(`/o/${org.slug}$`))
  // Single use: the link now gets the one "not valid" page.
  await other.goto(link)
  await expect(other.getByTestId("invitation-invalid")).toBeVisible()

  await other.goto(`/o/${org.slug}/members`)
  await expect(memberRow(other, invitee.email)).toContainText("(you)")
  // A member sees no controls for others.
  await expect(other.getByRole("button", { name: "Remove member" })).toHaveCount(0)
  await expect(other.getByRole("button", { name: "Invite member" })).toHaveCount(0)

  await page.reload()
  const row = memberRow(page, invitee.email)
  await row.getByLabel("Role").selectOption({ label: "Admin" })
  await row.getByRole("button", { name: "Change role" }).click()
  await expect(page.getByTestId("members-message")).toHaveText("Role changed.")
  await expect(row.getByTestId("member-role")).toHaveText("Admin")
  expect((await smtp.waitFor(invitee.email)).subject).toContain(`Your role in ${org.name} changed`)

  await other.reload()
  await expect(other.getByRole("button", { name: "Invite member" })).toBeVisible()

  // Removed while their page is open: the next request of that page has no access.
  await row.getByRole("button", { name: "Remove member" }).click()
  await row.getByRole("button", { name: "Yes, remove member" }).click()
  await expect(page.getByTestId("members-message")).toHaveText("Member removed. They no longer have access.")
  await expect(memberRow(page, invitee.email)).toHaveCount(0)
  expect((await smtp.waitFor(invitee.email)).subject).toContain(`You were removed from ${org.name}`)
  const response = await other.reload()
  if (strategy === "database") {
    expect(response?.status()).toBe(404)
  } else {
    // jwt: removal also ends the removed member's sessions (the library's revocation): a 404 or sign-in, never the page.
    const lostAccess = response?.status() === 404 || /\/api\/auth\/signin/.test(other.url())
    expect(lostAccess, `status ${response?.status()} at ${other.url()}`).toBe(true)
  }
  await other.context().close()
})

test("sign-up through an invitation: the new account is verified, a member, signed in; then it leaves", async ({ page, browser, smtp, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-owner"))
  await smtp.waitFor(owner.email)
  const org = createOrganization(databaseFile, owner.email)
  const newcomer = newUser("org-newcomer")
  const link = await invite(page, org.slug, newcomer.email, "Member", smtp, baseURL!)

  const other = await newPage(browser, baseURL!)
  await other.goto(link)
  await expect(other.getByLabel("Email")).toHaveValue(newcomer.email.toLowerCase())
  await other.getByLabel("Display name").fill(newcomer.name)
  await other.getByLabel("Password").fill(newcomer.password)
  await other.getByRole("button", { name: "Create account and join" }).click()
  await expect(other).toHaveURL(new RegExp(`/o/${org.slug}$`), { timeout: 20_000 })
  expect(emailVerified(databaseFile, newcomer.email)).toBe(true)

  await other.goto(`/o/${org.slug}/members`)
  await expect(memberRow(other, newcomer.email)).toContainText("(you)")
  await other.getByRole("button", { name: "Leave organization" }).click()
  await other.getByRole("button", { name: "Yes, leave organization" }).click()
  await expect(other).toHaveURL(/\/dashboard$/)
  const gone = await other.goto(`/o/${org.slug}/members`)
  expect(gone?.status()).toBe(404)

  await page.reload()
  await expect(memberRow(page, newcomer.email)).toHaveCount(0)
  await other.context().close()
})
