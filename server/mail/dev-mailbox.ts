/**
 * Development only: where mail goes when `npm run dev` runs without
 * EMAIL_SERVER. Each message is kept in the app's database (table DevMail,
 * the newest 50), so the mailbox at /dev/mailbox survives a restart of the
 * dev server, and each link is also printed in the terminal. Production never
 * writes here (see deliver.ts).
 */
import type { DbClient } from "@/lib/db/client"

export interface DevMail {
  id: string
  to: string
  subject: string
  text: string
  html: string
  sentAt: Date
  links: string[]
}

export type NewDevMail = Pick<DevMail, "to" | "subject" | "text" | "html">

/** How many mails the mailbox keeps; older ones are deleted as new ones arrive. */
export const DEV_MAILBOX_LIMIT = 50

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}

/**
 * Keeps one mail. The terminal lines come first and do not depend on the
 * database: if the write fails (say the dev database was deleted under a
 * running server), the link is still there and the flow that sent it goes on.
 */
export async function storeDevMail(db: DbClient, mail: NewDevMail): Promise<void> {
  const links = linksIn(mail.text)
  console.log(`\n[dev mailbox] To: ${mail.to}\n[dev mailbox] Subject: ${mail.subject}\n${links.map((l) => `[dev mailbox] Link: ${l}`).join("\n")}\n[dev mailbox] Open /dev/mailbox to read it.\n`)
  try {
    await db.devMail.create({ data: { recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html } })
    const stale = await db.devMail.findMany({ orderBy: [{ sentAt: "desc" }, { id: "desc" }], skip: DEV_MAILBOX_LIMIT, select: { id: true } })
    if (stale.length > 0) await db.devMail.deleteMany({ where: { id: { in: stale.map((row) => row.id) } } })
  } catch (error) {
    console.warn(`[dev mailbox] could not keep the mail in the database (${error instanceof Error ? error.message : String(error)}); its links are above.`)
  }
}

/** The kept mails, newest first. */
export async function devMails(db: DbClient): Promise<DevMail[]> {
  const rows = await db.devMail.findMany({ orderBy: [{ sentAt: "desc" }, { id: "desc" }], take: DEV_MAILBOX_LIMIT })
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    sentAt: row.sentAt,
    links: linksIn(row.text),
  }))
}
