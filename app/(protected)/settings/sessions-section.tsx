import { sessions } from "@/auth"
import { RevokeOthersButton } from "./revoke-others-button"
import { SessionItem } from "./session-item"

function formatDate(date: Date | null): string {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "unknown"
}

/**
 * Settings › Sessions: where the user is signed in (database strategy), each
 * revocable but the current one. With the jwt strategy there is no record of
 * sessions on the server, and the section says so; every other session can
 * still be ended at once (the user's "sessions valid since" instant).
 */
export async function SessionsSection() {
  const listing = await sessions.list()
  return (
    <section className="space-y-4" aria-labelledby="sessions-heading">
      <div className="space-y-1">
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Sessions
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The browsers and devices where you are signed in.</p>
      </div>
      {listing.status === "ok" ? (
        <>
          <ul className="space-y-3" data-testid="session-list">
            {listing.sessions.map((s) => (
              <SessionItem
                key={s.id}
                id={s.id}
                current={s.current}
                device={`${s.browser} on ${s.os}`}
                created={formatDate(s.createdAt)}
                // Recorded when the session's expiry slides, so it is accurate to about a day.
                lastActive={formatDate(s.lastActiveAt ?? s.createdAt)}
              />
            ))}
          </ul>
          <RevokeOthersButton />
        </>
      ) : listing.status === "jwt" && listing.canRevokeOthers ? (
        <>
          <p className="text-sm" data-testid="sessions-unavailable">
            Sessions cannot be listed here: this site keeps your session only in an encrypted cookie in your browser
            (the <code>jwt</code> session strategy), so the server has no record of where you are signed in. It can
            still sign out every other browser and device at once; this one stays signed in.
          </p>
          <RevokeOthersButton />
        </>
      ) : listing.status === "jwt" ? (
        <p className="text-sm" data-testid="sessions-unavailable">
          Sessions cannot be listed here: this site keeps your session only in an encrypted cookie in your browser
          (the <code>jwt</code> session strategy), so the server has no record of where you are signed in and cannot
          sign out other devices. Signing out ends the session in this browser; others end when their cookie expires.
        </p>
      ) : listing.status === "unsupported" ? (
        <p className="text-sm" data-testid="sessions-unavailable">
          Sessions cannot be listed: the database adapter does not support it.
        </p>
      ) : null}
    </section>
  )
}
