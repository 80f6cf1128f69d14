/**
 * In development without EMAIL_SERVER, mail lands in the dev mailbox, not in
 * anyone's inbox: wherever the app says "we sent you a mail", this says where
 * to find it. Callers render it only when mailMode() is "dev-mailbox", which a
 * production build never is.
 */
export function DevMailboxHint({ className = "" }: { className?: string }) {
  return (
    <p data-testid="dev-mailbox-hint" className={`text-sm text-muted ${className}`}>
      Development: no mail server is set up, so the mail is in the{" "}
      {/* A plain link: the mailbox is read fresh on every visit, nothing to prefetch. */}
      <a href="/dev/mailbox" className="font-medium text-accent-text underline">
        dev mailbox
      </a>
      .
    </p>
  )
}
