import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { devMails } from "@/server/mail/dev-mailbox"
import { mailMode } from "@/server/mail/deliver"
import { getPrisma } from "@/lib/db/client"

export const metadata: Metadata = { title: "Dev mailbox", robots: { index: false }, referrer: "no-referrer" }
export const dynamic = "force-dynamic"

/**
 * Development only: the mails the app "sent" while EMAIL_SERVER is unset,
 * kept in the database so that they outlive a restart of the dev server.
 * A production build answers 404 here, whatever the environment says.
 */
export default async function DevMailboxPage() {
  if (process.env.NODE_ENV === "production" || mailMode() !== "dev-mailbox") notFound()
  const mails = await devMails(getPrisma())
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Dev mailbox</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          EMAIL_SERVER is not set, so mail lands here (and its links in the terminal). It is kept in the
          database, the newest 50, so a restart does not empty it. Reload to see new mail.
        </p>
      </div>
      {mails.length === 0 ? (
        <p data-testid="dev-mailbox-empty">No mail yet.</p>
      ) : (
        <ul className="space-y-4" aria-label="Messages">
          {mails.map((mail) => (
            <li key={mail.id} data-testid="dev-mail" className="min-w-0 space-y-2 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                To <span data-testid="dev-mail-to">{mail.to}</span> · {mail.sentAt.toISOString()}
              </p>
              <h2 className="font-semibold" data-testid="dev-mail-subject">
                {mail.subject}
              </h2>
              <ul>
                {mail.links.map((link) => (
                  <li key={link}>
                    <a href={link} className="break-all font-medium text-indigo-700 underline dark:text-indigo-400">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
              <details>
                <summary className="cursor-pointer text-sm">Plain text</summary>
                {/* Mail text holds long unbroken links: wrap anywhere rather than widen the page. */}
                <pre data-testid="dev-mail-text" className="mt-2 whitespace-pre-wrap wrap-anywhere text-sm">
                  {mail.text}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
