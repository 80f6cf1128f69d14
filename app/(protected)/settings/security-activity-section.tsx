import type { SecurityEvent } from "@/lib/auth"
import { ExactTime, RelativeTime } from "@/components/relative-time"
import { Card, cx } from "@/components/ui"
import { activityLine, type ProviderNames } from "@/server/accounts/security-activity"

export interface SecurityActivitySectionProps {
  /** The user's latest entries, newest first (the page reads them with its other data, so an outage shows once). */
  events: readonly SecurityEvent[]
  /** The server's clock when the page was made: "2 minutes ago" is counted from it until the browser takes over. */
  now: Date
  providerNames?: ProviderNames
  /** The log is off (a database adapter without its methods): said instead of an empty list. */
  off?: boolean
}

/**
 * Settings › Sessions & activity › Security activity: the user's last
 * sign-ins, sign-outs and account changes, in plain words, newest first, each
 * with the device, how long ago (the exact time, in the reader's zone, on
 * hover and on the line below) and where from, as people read an address
 * ("this computer"; an unknown address is left out). The security notice
 * mails link here (#security-activity); Sessions, right below, is where an
 * entry the owner does not recognise is answered.
 */
export function SecurityActivitySection({ events, now, providerNames = {}, off = false }: SecurityActivitySectionProps) {
  const lines = events.map((event) => activityLine(event, now, providerNames))
  const renderedAt = now.toISOString()
  return (
    <Card
      as="section"
      id="security-activity"
      headingLevel={3}
      title="Security activity"
      description="Your latest sign-ins and account changes. If you do not recognise one, change your password and sign out your other sessions below."
      className="scroll-mt-32"
    >
      {off ? (
        <p className="text-sm text-muted" data-testid="security-activity-off">
          Security activity is not recorded on this site: its database adapter has no place to keep it.
        </p>
      ) : lines.length === 0 ? (
        <p className="text-sm text-muted" data-testid="security-activity-empty">
          Nothing recorded yet.
        </p>
      ) : (
        <ol className="divide-y divide-border" data-testid="security-activity" aria-label="Security activity, newest first">
          {lines.map((line) => (
            <li key={line.id} className="py-3 text-sm first:pt-0 last:pb-0" data-testid="security-event" data-outcome={line.failed ? "failure" : "success"}>
              <p className={cx("font-medium", line.failed && "text-danger-text")}>
                {line.what} — {line.device} — <RelativeTime dateTime={line.at} renderedAt={renderedAt} />
              </p>
              <p className="text-muted" data-testid="security-event-details">
                {line.address ? `From ${line.address} · ` : null}
                <ExactTime dateTime={line.at} as="span" />
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
