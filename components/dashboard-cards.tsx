/**
 * The dashboard's cards, markup only: the security checklist's rows, the
 * user's organizations and the next steps. No auth import, so that
 * bench:http's reference app (bench/next-auth-mirror) renders these very
 * cards from its own session and database.
 */
import Link from "next/link"
import type { ChecklistItem } from "@/server/display/security-checklist"
import { buttonClass, Card, cx } from "./ui"

function StatusIcon({ done }: { done: boolean }) {
  return done ? (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-success-text" fill="currentColor">
      <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" clipRule="evenodd" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75">
      <circle cx="10" cy="10" r="7.25" />
    </svg>
  )
}

/** `primary`: the one step the page asks for first; every other row's link is secondary. */
export function ChecklistRow({ item, primary }: { item: ChecklistItem; primary: boolean }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid={`security-${item.id}`}>
      <div className="flex gap-3">
        <StatusIcon done={item.done} />
        <div>
          <p className="font-medium">
            {item.title}{" "}
            <span className={cx("ml-1 rounded-full px-2 py-0.5 text-xs font-medium", item.done ? "bg-success-soft text-success-soft-text" : "bg-surface-muted text-muted")}>
              {item.status}
            </span>
          </p>
          <p className="text-sm text-muted">{item.detail}</p>
        </div>
      </div>
      <Link
        href={item.action.href}
        className={cx(buttonClass({ kind: primary ? "primary" : "secondary", size: "sm" }), "shrink-0 self-start sm:self-auto")}
      >
        {item.action.label}
      </Link>
    </li>
  )
}

/** The user's organizations from the page's one read; none yet: the way to create one. */
export function OrganizationsCard({ organizations }: { organizations: readonly { name: string; slug: string }[] }) {
  return (
    <Card as="section" id="organizations" title="Your organizations" data-testid="dashboard-organizations">
      {organizations.length === 0 ? (
        <div className="space-y-3 text-sm">
          <p className="text-muted">Work together with others: invite them to an organization of your own.</p>
          <Link href="/orgs/new" className={buttonClass({ kind: "secondary", size: "sm" })}>
            Create organization
          </Link>
        </div>
      ) : (
        <ul className="space-y-2 text-sm">
          {organizations.map((organization) => (
            <li key={organization.slug}>
              <Link href={`/o/${organization.slug}`} className="font-medium text-accent-text underline-offset-4 hover:underline">
                {organization.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** Where to go from the dashboard: the settings most people look for first. */
export function NextStepsCard() {
  return (
    <Card as="section" id="next-steps" title="Next steps">
      <ul className="space-y-3 text-sm">
        <li>
          <Link href="/settings#profile" className="font-medium text-accent-text underline-offset-4 hover:underline">
            Change your display name
          </Link>
          <p className="text-muted">How you appear across the app.</p>
        </li>
        <li>
          <Link href="/settings#security-activity" className="font-medium text-accent-text underline-offset-4 hover:underline">
            Review recent activity
          </Link>
          <p className="text-muted">Sign-ins and account changes, and where you are signed in.</p>
        </li>
        <li>
          <Link href="/settings#data" className="font-medium text-accent-text underline-offset-4 hover:underline">
            Download your data
          </Link>
          <p className="text-muted">Everything we keep about you, in one file.</p>
        </li>
      </ul>
    </Card>
  )
}
