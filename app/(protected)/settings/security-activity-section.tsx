import type { SecurityEvent } from "@/lib/auth"
import { activityLine, type ProviderNames } from "@/server/accounts/security-activity"

export interface SecurityActivitySectionProps {
  /** The user's latest entries, newest first (the page reads them with its other data, so an outage shows once). */
  events: readonly SecurityEvent[]
  /** The server's clock when the page was made: "2 minutes ago" is counted from it. */
  now: Date
  providerNames?: ProviderNames
}

/**
 * Settings › Security activity: the user's last sign-ins, sign-outs and
 * account changes, in plain words, newest first, each with the device, how
 * long ago (the exact time in a <time> element) and the client address. The
 * security notice mails link here (#security-activity); Sessions, right below,
 * is where an entry the owner does not recognise is answered.
 */
export function SecurityActivitySection({ events, now, providerNames = {} }: SecurityActivitySectionProps) {
  const lines = events.map((event) => activityLine(event, now, providerNames))
  return (
    <section id="security-activity" className="space-y-4 scroll-mt-8" aria-labelledby="security-activity-heading">
      <div className="space-y-1">
        <h2 id="security-activity-heading" className="text-xl font-semibold">
          Security activity
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Your latest sign-ins and account changes. If you do not recognise one, change your password and sign out
          your other sessions below.
        </p>
      </div>
      {lines.length === 0 ? (
        <p className="text-sm" data-testid="security-activity-empty">
          Nothing recorded yet.
        </p>
      ) : (
        <ol className="space-y-2" data-testid="security-activity" aria-label="Security activity, newest first">
          {lines.map((line) => (
            <li
              key={line.id}
              className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
              data-testid="security-event"
              data-outcome={line.failed ? "failure" : "success"}
            >
              <p className={line.failed ? "font-medium text-red-700 dark:text-red-400" : "font-medium"}>
                {line.what} — {line.device} —{" "}
                <time dateTime={line.at} title={line.exact}>
                  {line.when}
                </time>
              </p>
              <p className="text-zinc-600 dark:text-zinc-400" data-testid="security-event-details">
                {line.ip ? `IP address ${line.ip} · ` : "IP address unknown · "}
                {line.exact}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
