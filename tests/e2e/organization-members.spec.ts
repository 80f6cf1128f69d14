/**
 * Members and invitations in the browser, once per session
 * strategy: an owner invites by mail (the real SMTP capture), a second browser
 * accepts, the owner changes the role and removes the member, whose already
 * open page loses access at once; a newcomer signs up through an invitation
 * (verified, a member, signed in) and leaves. The organization is made in the
 * server's SQLite file (its pages for creating one are another part of the
 * starter); everything after that goes through the pages.
 */
import path from "node:path"
import Database from "better-sqlite3"
import type { Browser, Page } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import type { MailCapture } from "./mail-capture"
import { expect, newUser, signUp, test } from "./fixtures"
import { addMember, createOrganization, toast } from "./organization-setup"

test.describe.configure({ timeout: 180_000 })

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

async function invite(page: Page, slug: string, email: string, role: string, smtp: MailCapture, baseURL: string): Promise<string> {
  await page.goto(`/o/${slug}/members`)
  // "Invite member" opens the form in a dialog over the members table.
  await page.getByTestId("invite-member-open").click()
  const dialog = page.getByRole("dialog", { name: "Invite member" })
  await dialog.getByLabel("Email address").fill(email)
  await dialog.locator("#invite-role").selectOption({ label: role })
  await dialog.getByRole("button", { name: "Send invitation" }).click()
  await expect(page.getByTestId("invite-message")).toHaveText(`Invitation sent to ${email.toLowerCase()}.`)
  await page.keyboard.press("Escape")
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
  // The header names the organization just joined at once.
  await expect(other.getByTestId("organization-switcher")).toContainText(org.name)
  // Single use: the link now gets the "not valid" page; its member is offered the way in.
  await other.goto(link)
  await expect(other.getByTestId("invitation-invalid")).toBeVisible()
  await expect(other.getByRole("link", { name: `Open ${org.name}` })).toBeVisible()

  await other.goto(`/o/${org.slug}/members`)
  await expect(memberRow(other, invitee.email)).toContainText("(you)")
  // A member sees a read-only table: roles as text, no row menus, no invite.
  await expect(other.getByTestId("member-menu")).toHaveCount(0)
  await expect(other.getByRole("button", { name: "Change role" })).toHaveCount(0)
  await expect(other.getByTestId("invite-member-open")).toHaveCount(0)
  await expect(memberRow(other, owner.email).getByTestId("member-role")).toHaveText("Owner")
  // Settings: what the settings are, not an empty tab.
  await other.goto(`/o/${org.slug}/settings`)
  await expect(other.getByTestId("organization-settings-read-only")).toContainText(`/o/${org.slug}`)

  await page.reload()
  const row = memberRow(page, invitee.email)
  await row.getByLabel("Role").selectOption({ label: "Admin" })
  await row.getByRole("button", { name: "Change role" }).click()
  await expect(toast(page, "Role changed.")).toBeVisible()
  await expect(row.getByTestId("member-role")).toHaveText("Admin")
  expect((await smtp.waitFor(invitee.email)).subject).toContain(`Your role in ${org.name} changed`)

  await other.goto(`/o/${org.slug}/members`)
  await expect(other.getByTestId("invite-member-open")).toBeVisible()

  // Removed while their page is open: the next request of that page has no access.
  // The row's menu: Remove member asks first, inside the menu.
  await row.getByTestId("member-menu").locator("summary").first().click()
  await row.locator("summary", { hasText: "Remove member" }).click()
  await row.getByRole("button", { name: "Yes, remove member" }).click()
  await expect(toast(page, "Member removed. They no longer have access.")).toBeVisible()
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
  // The invited address is fixed text, not a field.
  await expect(other.getByTestId("invitation-email")).toHaveText(newcomer.email.toLowerCase())
  await other.getByLabel("Display name").fill(newcomer.name)
  await other.getByLabel("Password").fill(newcomer.password)
  await other.getByRole("button", { name: "Create account and join" }).click()
  await expect(other).toHaveURL(new RegExp(`/o/${org.slug}$`), { timeout: 20_000 })
  expect(emailVerified(databaseFile, newcomer.email)).toBe(true)

  await other.goto(`/o/${org.slug}/members`)
  await expect(memberRow(other, newcomer.email)).toContainText("(you)")
  await other.locator("summary", { hasText: "Leave organization" }).click()
  await other.getByRole("button", { name: "Yes, leave organization" }).click()
  await expect(other).toHaveURL(/\/dashboard$/)
  const gone = await other.goto(`/o/${org.slug}/members`)
  expect(gone?.status()).toBe(404)

  await page.reload()
  await expect(memberRow(page, newcomer.email)).toHaveCount(0)
  await other.context().close()
})

test("without JavaScript an owner changes a member's role and removes them with plain form posts", async ({ page, browser, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-owner"))
  const org = createOrganization(databaseFile, owner.email)
  const memberPage = await newPage(browser, baseURL!)
  const member = await signUp(memberPage, newUser("org-nojs-member"))
  await memberPage.context().close()
  addMember(databaseFile, org.slug, member.email)

  // The owner's session in a browser that runs no script.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() })
  const noScript = await context.newPage()
  await noScript.goto(`/o/${org.slug}/members`)
  const row = memberRow(noScript, member.email)
  await row.getByLabel("Role").selectOption({ label: "Admin" })
  await row.getByRole("button", { name: "Change role" }).click()
  await expect(noScript).toHaveURL(new RegExp(`/o/${org.slug}/members$`))
  await expect(memberRow(noScript, member.email).getByTestId("member-role")).toHaveText("Admin")

  // The row menu and its question are <details>: they open without a script.
  await memberRow(noScript, member.email).getByTestId("member-menu").locator("summary").first().click()
  await memberRow(noScript, member.email).locator("summary", { hasText: "Remove member" }).click()
  await memberRow(noScript, member.email).getByRole("button", { name: "Yes, remove member" }).click()
  await expect(noScript).toHaveURL(new RegExp(`/o/${org.slug}/members$`))
  await expect(memberRow(noScript, member.email)).toHaveCount(0)
  // "Invite member" is a link to the invite page there.
  await noScript.getByRole("link", { name: "Invite member" }).click()
  await expect(noScript).toHaveURL(new RegExp(`/o/${org.slug}/members/invite$`))
  await expect(noScript.getByLabel("Email address")).toBeVisible()
  await context.close()
})

test("signed in as another account, an invitation offers Sign out and continue, which comes back to the link signed out", async ({ page, browser, smtp, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-owner"))
  await smtp.waitFor(owner.email)
  const org = createOrganization(databaseFile, owner.email)
  const invited = newUser("org-invited")
  const link = await invite(page, org.slug, invited.email, "Member", smtp, baseURL!)

  const other = await newPage(browser, baseURL!)
  await signUp(other, newUser("org-someone-else"))
  await other.goto(link)
  await expect(other.getByTestId("invitation-other-account")).toBeVisible()
  await other.getByRole("button", { name: "Sign out and continue" }).click()
  await expect(other).toHaveURL(new RegExp(`/invite/`), { timeout: 20_000 })
  await expect(other.getByRole("button", { name: "Create account and join" })).toBeVisible()
  await expect(other.getByTestId("invitation-email")).toHaveText(invited.email.toLowerCase())
  await other.context().close()

  // A link that does not work offers a way on.
  await page.goto("/invite/not-a-real-invitation-token")
  await expect(page.getByTestId("invitation-invalid")).toBeVisible()
  await expect(page.getByRole("link", { name: "Go to your dashboard" })).toBeVisible()
})

test("Resend mails a new link and voids the first; Cancel invitation removes the row and the newest link then shows the invalid-invitation page", async ({ page, browser, smtp, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-owner"))
  await smtp.waitFor(owner.email)
  const org = createOrganization(databaseFile, owner.email)
  const invited = newUser("org-resend")
  const firstLink = await invite(page, org.slug, invited.email, "Member", smtp, baseURL!)

  const row = () => page.getByTestId("invitation").filter({ hasText: invited.email })
  await row().getByRole("button", { name: `Resend the invitation to ${invited.email}` }).click()
  await expect(toast(page, `A new invitation link was sent to ${invited.email}. The earlier link no longer works.`)).toBeVisible()
  const secondLink = linkIn(await smtp.waitFor(invited.email), `${baseURL}/invite/`)
  expect(secondLink).not.toBe(firstLink)
  expect(await smtp.mailsTo(invited.email)).toHaveLength(2)
  // Still one pending invitation for the address: the resend replaced it.
  await expect(row()).toHaveCount(1)

  // The invited person, signed out: the first link is dead, the newest one offers to join.
  const visitor = await newPage(browser, baseURL!)
  await visitor.goto(firstLink)
  await expect(visitor.getByTestId("invitation-invalid")).toBeVisible()
  await visitor.goto(secondLink)
  await expect(visitor.getByRole("heading", { name: `Join ${org.name}` })).toBeVisible()
  await expect(visitor.getByRole("button", { name: "Create account and join" })).toBeVisible()

  // Cancel: asked first inside the row's menu, then the row is gone and a toast says so.
  await row().locator(`summary[aria-label="More actions for the invitation to ${invited.email}"]`).click()
  await row().locator("summary", { hasText: "Cancel invitation" }).click()
  await row().getByRole("button", { name: "Yes, cancel invitation" }).click()
  await expect(toast(page, "Invitation cancelled. Its link no longer works.")).toBeVisible()
  await expect(row()).toHaveCount(0)

  // The newest link now gets the page that says it is not valid, with a way on.
  await visitor.goto(secondLink)
  await expect(visitor.getByTestId("invitation-invalid")).toBeVisible()
  await expect(visitor.getByRole("heading", { name: "This invitation is not valid" })).toBeVisible()
  await expect(visitor.getByRole("button", { name: "Create account and join" })).toHaveCount(0)
  await visitor.getByRole("link", { name: /^Go to / }).click()
  await expect(visitor).toHaveURL(`${baseURL}/`)
  await visitor.context().close()
})

test("Transfer ownership: the member becomes the owner with the owner's settings; the old owner is an admin who cannot delete the organization", async ({ page, browser, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-owner"))
  const org = createOrganization(databaseFile, owner.email)
  const other = await newPage(browser, baseURL!)
  const member = await signUp(other, newUser("org-heir"))
  addMember(databaseFile, org.slug, member.email)

  await page.goto(`/o/${org.slug}/members`)
  const row = memberRow(page, member.email)
  await row.getByTestId("member-menu").locator("summary").first().click()
  await row.locator("summary", { hasText: "Transfer ownership" }).click()
  await expect(row.getByText(`Make ${member.name} the owner of ${org.name}? You become an admin.`)).toBeVisible()
  await row.getByRole("button", { name: "Yes, transfer ownership" }).click()
  await expect(toast(page, "Ownership transferred. You are now an admin of this organization.")).toBeVisible()
  await expect(memberRow(page, member.email).getByTestId("member-role")).toHaveText("Owner")
  await expect(memberRow(page, owner.email).getByTestId("member-role")).toHaveText("Admin")
  // An admin reaches no owner's row: no menu to remove or demote the new owner.
  await expect(memberRow(page, member.email).getByTestId("member-menu")).toHaveCount(0)

  // The old owner: an admin who may rename but not delete.
  await page.goto(`/o/${org.slug}`)
  await expect(page.getByTestId("organization-role")).toHaveText("Admin")
  await page.goto(`/o/${org.slug}/settings`)
  await expect(page.getByLabel("Organization name")).toBeVisible()
  await expect(page.getByText("Only an owner can delete the organization.")).toBeVisible()
  await expect(page.getByRole("button", { name: "Delete organization" })).toHaveCount(0)

  // The new owner: the owner's role, the danger zone, and the menu on the old owner's row.
  await other.goto(`/o/${org.slug}`)
  await expect(other.getByTestId("organization-role")).toHaveText("Owner")
  await other.goto(`/o/${org.slug}/settings`)
  await expect(other.getByRole("button", { name: "Delete organization" })).toBeVisible()
  await expect(other.getByLabel("Type the organization's slug to confirm")).toBeVisible()
  await other.goto(`/o/${org.slug}/members`)
  await memberRow(other, owner.email).getByTestId("member-menu").locator("summary").first().click()
  await expect(memberRow(other, owner.email).locator("summary", { hasText: "Transfer ownership" })).toBeVisible()
  await other.context().close()
})
