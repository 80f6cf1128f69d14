import type { ReactNode } from "react"
import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { admin, providerNames, securityLog } from "@/auth"
import { defaultAccessControl } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { ActionStatusMessage, ActionStatusProvider } from "@/components/action-status"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { RelativeTime } from "@/components/relative-time"
import { Avatar, Badge, Card, TextLink } from "@/components/ui"
import { adminRead, guardAdminPage } from "@/server/admin/admin-page"
import { actorNames, adminUserDetail } from "@/server/admin/user-detail"
import { isUserId } from "@/server/admin/user-id"
import { sessionState, unlessUnavailable } from "@/server/session-state"
import { activityLine } from "@/server/accounts/security-activity"
import { exactTime } from "@/server/display/time"
import type { ActionSubject } from "./action-catalog"
import { DangerActions, PrimaryActions, UserActionsProvider } from "./user-actions"
import { UserSessionItem } from "./user-session-item"

export const metadata: Metadata = { title: "User" }

function When({ value, renderedAt }: { value: Date | null; renderedAt: string }) {
  return value ? <RelativeTime dateTime={value.toISOString()} renderedAt={renderedAt} testId="admin-user-date" /> : <>never</>
}

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/**
 * /admin/users/[id]: one user's profile, ways in, sessions and
 * security activity (with who did each thing), and the admin's actions on
 * the account. A malformed id or an unknown user is a 404.
 */
export default async function AdminUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  if (!isUserId(id)) notFound()
  if ((await sessionState()).unavailable) return <ServiceUnavailable />
  const session = await guardAdminPage({ user: ["get"] }, `/admin/users/${id}`)
  const read = await unlessUnavailable(async () => {
    const user = await adminUserDetail(getPrisma(), id)
    if (!user) return null
    const [sessions, events] = await Promise.all([adminRead(() => admin().listUserSessions(id)), securityLog.list(id, 50)])
    const actors = await actorNames(getPrisma(), [...events.map((e) => e.actorId), ...(sessions.status === "ok" ? sessions.sessions.map((s) => s.impersonatedBy) : [])])
    return { user, sessions, events, actors }
  })
  if ("unavailable" in read) return <ServiceUnavailable />
  if (!read.value) notFound()
  const { user, sessions, events, actors } = read.value
  const now = new Date()
  const self = session.user?.id === user.id
  const isAdmin = user.roles.includes("admin") || user.adminByEmail
  const label = user.email ?? user.name ?? user.id

  const renderedAt = now.toISOString()
  const subject: ActionSubject = {
    userId: user.id,
    label,
    roles: user.roles,
    roleNames: defaultAccessControl.roleNames.filter((r) => r !== "user"),
    banned: user.ban !== null,
    twoFactor: user.twoFactor,
    self,
    isAdmin,
    hasEmail: user.email !== null,
  }

  return (
    <UserActionsProvider subject={subject}>
      <div className="space-y-6">
        <div className="space-y-4">
          <TextLink href="/admin" className="text-sm">
            ← Users
          </TextLink>
          <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
            <div className="flex min-w-0 items-start gap-4">
              <Avatar image={user.image} name={user.name} email={user.email} className="size-14 text-base" />
              <div className="min-w-0 space-y-1.5">
                <h1 className="text-title break-all" data-testid="admin-user-heading">
                  {label}
                </h1>
                {user.name && user.email ? <p className="text-muted break-all">{user.name}</p> : null}
                <p className="flex flex-wrap gap-1.5" data-testid="admin-user-badges">
                  {["user", ...user.roles].map((role) => (
                    <Badge key={role} tone={role === "admin" ? "accent" : "neutral"}>
                      {role}
                    </Badge>
                  ))}
                  {user.ban ? <Badge tone="danger">Suspended</Badge> : user.emailVerified || !user.email ? <Badge tone="success">Active</Badge> : <Badge tone="warning">Unverified</Badge>}
                  {user.twoFactor ? <Badge tone="success">2FA on</Badge> : null}
                </p>
                {user.ban ? (
                  <p className="text-sm text-danger-text" data-testid="admin-user-suspended">
                    Suspended {user.ban.until ? `until ${exactTime(user.ban.until)}` : "permanently"}.
                  </p>
                ) : null}
              </div>
            </div>
            <section aria-label="Actions" id="actions" className="lg:shrink-0">
              <PrimaryActions subject={subject} />
            </section>
          </div>
          <p className="text-sm text-muted">Each action needs a recent sign-in, asks first, and is written to the user&apos;s security activity with you as the actor.</p>
        </div>

        <Card as="section" id="profile" title="Profile">
          <dl className="divide-y divide-border">
            <Row term="Name">{user.name ?? "—"}</Row>
            <Row term="Email">
              {user.email ?? "—"} {user.email ? (user.emailVerified ? "(verified)" : "(not verified)") : null}
            </Row>
            <Row term="Roles" testId="admin-user-roles">
              {["user", ...user.roles].join(", ")}
              {user.adminByEmail ? " (admin by AUTH_ADMIN_EMAILS)" : null}
            </Row>
            <Row term="Created">
              <When value={user.createdAt} renderedAt={renderedAt} />
            </Row>
            <Row term="Last sign-in">
              <When value={user.lastSignInAt} renderedAt={renderedAt} />
            </Row>
            <Row term="Status" testId="admin-user-status">
              {user.ban
                ? `Suspended ${user.ban.until ? `until ${exactTime(user.ban.until)}` : "permanently"}${user.ban.reason ? ` — reason (admins only): ${user.ban.reason}` : ""}`
                : "Active"}
            </Row>
          </dl>
        </Card>

        <Card as="section" id="sign-in-methods" title="Sign-in methods">
          <dl className="divide-y divide-border">
            <Row term="Password">{user.hasPassword ? "Set" : "None"}</Row>
            <Row term="Passkeys">{user.passkeys === 0 ? "None" : String(user.passkeys)}</Row>
            <Row term="Linked accounts">{user.providers.length === 0 ? "None" : user.providers.map((p) => providerNames[p] ?? p).join(", ")}</Row>
            <Row term="Two-factor">{user.twoFactor ? "On (authenticator app)" : "Off"}</Row>
          </dl>
        </Card>

        <Card as="section" id="sessions" title="Sessions">
          <ActionStatusProvider>
          {sessions.status === "ok" ? (
            sessions.sessions.length === 0 ? (
              <p className="text-sm text-muted">No active session.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="admin-session-list">
                {sessions.sessions.map((s) => (
                  <UserSessionItem
                    key={s.id}
                    userId={user.id}
                    id={s.id}
                    device={`${s.browser.replace(/ \d+(\.\d+)*$/, "")} on ${s.os.replace(/ \d+(\.\d+)*$/, "")}`}
                    details={
                      <>
                        Signed in {s.createdAt ? <RelativeTime dateTime={s.createdAt.toISOString()} renderedAt={renderedAt} /> : "at an unknown time"} · last active{" "}
                        {s.lastActiveAt ? <RelativeTime dateTime={s.lastActiveAt.toISOString()} renderedAt={renderedAt} /> : "unknown"}
                        {s.impersonatedBy ? ` · started by ${actors[s.impersonatedBy] ?? "an administrator"}` : null}
                      </>
                    }
                    impersonation={s.impersonatedBy !== null}
                  />
                ))}
              </ul>
            )
          ) : (
            <p className="text-sm text-muted" data-testid="admin-sessions-jwt">
              Sessions cannot be listed: this site keeps sessions only in an encrypted cookie in each browser (the <code>jwt</code> session
              strategy), so the server has no record of where the user is signed in. Revoke all sessions still ends
              every one of them at once.
            </p>
          )}
          <ActionStatusMessage scope="admin" testId="admin-action-message" />
          </ActionStatusProvider>
        </Card>

        <Card as="section" id="security-activity" title="Security activity" description="The user's latest sign-ins and account changes, newest first, with who did each.">
          {events.length === 0 ? (
            <p className="text-sm text-muted">Nothing recorded yet.</p>
          ) : (
            <ol className="divide-y divide-border" data-testid="admin-security-activity" aria-label="Security activity, newest first">
              {events.map((event) => {
                const line = activityLine(event, now, providerNames)
                const actor = event.actorId ? (event.actorId === user.id ? "the user" : (actors[event.actorId] ?? "a deleted user")) : "the user"
                return (
                  <li key={line.id} className="py-2 text-sm first:pt-0 last:pb-0" data-testid="admin-security-event">
                    <p className={line.failed ? "font-medium text-danger-text" : "font-medium"}>{line.what}</p>
                    <p className="text-muted" data-testid="admin-security-event-details">
                      By {actor} · {line.device} · {line.address ? `${line.address} · ` : null}
                      <RelativeTime dateTime={line.at} renderedAt={renderedAt} />
                    </p>
                  </li>
                )
              })}
            </ol>
          )}
        </Card>

        <Card as="section" id="danger-zone" title="Danger zone" tone="danger" description="These lock the user out or cannot be undone. Each asks first.">
          <DangerActions subject={subject} />
        </Card>
      </div>
    </UserActionsProvider>
  )
}
