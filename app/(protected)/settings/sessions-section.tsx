import { sessions } from "@/auth"
import { Card } from "@/components/ui"
import { deviceName } from "@/server/display/device"
import { RevokeOthersButton } from "./revoke-others-button"
import { SessionItem } from "./session-item"

/**
 * Settings › Sessions & activity › Sessions: where the user is signed in
 * (database strategy), this device first and marked, each other one
 * revocable. With the jwt strategy there is no record of sessions on the
 * server, and the section says so; every other session can still be ended
 * at once (the user's "sessions valid since" instant).
 */
export async function SessionsSection() {
  const listing = await sessions.list()
  const renderedAt = new Date().toISOString()
  return (
    <Card as="section" id="sessions" headingLevel={3} title="Sessions" description="The browsers and devices where you are signed in.">
      {listing.status === "ok" ? (
        <>
          <ul className="divide-y divide-border" data-testid="session-list">
            {[...listing.sessions]
              // This device first: the one the reader knows, and the one that cannot be signed out here.
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((s) => (
                <SessionItem
                  key={s.id}
                  id={s.id}
                  current={s.current}
                  device={deviceName(s.userAgent)}
                  created={s.createdAt ? s.createdAt.toISOString() : null}
                  // Recorded when the session's expiry slides, so it is accurate to about a day.
                  lastActive={(s.lastActiveAt ?? s.createdAt)?.toISOString() ?? null}
                  renderedAt={renderedAt}
                />
              ))}
          </ul>
          <RevokeOthersButton />
        </>
      ) : listing.status === "jwt" && listing.canRevokeOthers ? (
        <>
          <p className="text-sm text-muted" data-testid="sessions-unavailable">
            Sessions cannot be listed here: this site keeps your session only in an encrypted cookie in your browser
            (the <code>jwt</code> session strategy), so the server has no record of where you are signed in. It can
            still sign out every other browser and device at once; this one stays signed in.
          </p>
          <RevokeOthersButton />
        </>
      ) : listing.status === "jwt" ? (
        <p className="text-sm text-muted" data-testid="sessions-unavailable">
          Sessions cannot be listed here: this site keeps your session only in an encrypted cookie in your browser
          (the <code>jwt</code> session strategy), so the server has no record of where you are signed in and cannot
          sign out other devices. Signing out ends the session in this browser; others end when their cookie expires.
        </p>
      ) : listing.status === "unsupported" ? (
        <p className="text-sm text-muted" data-testid="sessions-unavailable">
          Sessions cannot be listed: the database adapter does not support it.
        </p>
      ) : null}
    </Card>
  )
}
