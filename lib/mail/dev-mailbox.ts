/**
 * Development only: where mail goes when `npm run dev` runs without
 * EMAIL_SERVER. Messages live in this server process (newest first, the last
 * 50) and are shown at /dev/mailbox; each link is also printed in the
 * terminal. Production never writes here (see deliver.ts).
 */

export interface DevMail {
  id: string
  to: string
  subject: string
  text: string
  html: string
  sentAt: Date
  links: string[]
}

const LIMIT = 50
// On globalThis: Next.js may load this module more than once (route handlers,
// server actions, pages), and they must all see one mailbox.
const KEY = Symbol.for("starter.devMailbox")
type Holder = { [KEY]?: DevMail[] }

function box(): DevMail[] {
  const holder = globalThis as Holder
  holder[KEY] ??= []
  return holder[KEY]
}

export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}

export function storeDevMail(mail: Omit<DevMail, "id" | "sentAt" | "links">): DevMail {
  const stored: DevMail = { ...mail, id: crypto.randomUUID(), sentAt: new Date(), links: linksIn(mail.text) }
  const mails = box()
  mails.unshift(stored)
  mails.length = Math.min(mails.length, LIMIT)
  console.log(`\n[dev mailbox] To: ${mail.to}\n[dev mailbox] Subject: ${mail.subject}\n${stored.links.map((l) => `[dev mailbox] Link: ${l}`).join("\n")}\n[dev mailbox] Open /dev/mailbox to read it.\n`)
  return stored
}

export function devMails(): readonly DevMail[] {
  return box()
}
