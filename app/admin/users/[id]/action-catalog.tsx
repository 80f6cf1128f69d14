/**
 * What each of the admin's actions on a user says and asks: one catalog for
 * the dialogs (with JavaScript) and the confirm pages (without), so both
 * read the same. No hooks here: it renders on the server and in the browser.
 */
import type { ReactNode } from "react"
import { Field } from "@/components/ui"
import { BAN_DURATIONS } from "@/server/admin/ban-duration"

export const ACTION_IDS = ["roles", "password-reset", "impersonate", "unban", "revoke-sessions", "ban", "two-factor", "delete"] as const
export type ActionId = (typeof ACTION_IDS)[number]

export const isActionId = (value: unknown): value is ActionId => typeof value === "string" && (ACTION_IDS as readonly string[]).includes(value)

export interface ActionSubject {
  userId: string
  /** How the dialogs name the user: the address, else the name. */
  label: string
  roles: readonly string[]
  roleNames: readonly string[]
  banned: boolean
  twoFactor: boolean
  /** The admin's own account: no ban, delete or impersonation of oneself. */
  self: boolean
  isAdmin: boolean
  hasEmail: boolean
}

export interface ActionText {
  label: string
  title: string
  description: string
  confirmLabel: string
  pendingLabel: string
  /** Cannot be undone or locks the user out: a red confirm button, listed in the Danger zone. */
  danger: boolean
}

export function actionText(id: ActionId, label: string): ActionText {
  switch (id) {
    case "roles":
      return {
        label: "Change role",
        title: `Change the roles of ${label}`,
        description: "Every signed-in user has the role user. Saving ends the user's sessions, so the new roles apply from their next sign-in.",
        confirmLabel: "Save roles",
        pendingLabel: "Saving…",
        danger: false,
      }
    case "password-reset":
      return {
        label: "Send password reset",
        title: `Email ${label} a password reset link?`,
        description: "They choose a new password themselves; an administrator never sees or sets it.",
        confirmLabel: "Send password reset",
        pendingLabel: "Sending…",
        danger: false,
      }
    case "impersonate":
      return {
        label: "Impersonate",
        title: `Impersonate ${label}?`,
        description:
          "You see the app as they do for at most an hour; changes to their password, email, two-factor, passkeys and sessions are refused. They see the start, the reason and the end in their security activity.",
        confirmLabel: "Impersonate",
        pendingLabel: "Starting…",
        danger: false,
      }
    case "unban":
      return {
        label: "Unban user",
        title: `Lift the suspension of ${label}?`,
        description: "They can sign in again at once, and are told by email.",
        confirmLabel: "Unban user",
        pendingLabel: "Lifting…",
        danger: false,
      }
    case "revoke-sessions":
      return {
        label: "Revoke all sessions",
        title: `Sign ${label} out everywhere?`,
        description: "Every session of this user ends now; they must sign in again on each device.",
        confirmLabel: "Revoke all sessions",
        pendingLabel: "Revoking…",
        danger: false,
      }
    case "ban":
      return {
        label: "Ban user",
        title: `Suspend ${label}?`,
        description:
          "Every session ends at once and every way in refuses them. The sign-in page tells them the account is suspended and until when, never the reason.",
        confirmLabel: "Ban user",
        pendingLabel: "Suspending…",
        danger: true,
      }
    case "two-factor":
      return {
        label: "Turn off two-factor",
        title: `Turn off two-factor authentication for ${label}?`,
        description:
          "For a user locked out of their authenticator. Their sessions end, they sign in with their first factor alone, and they are told by email.",
        confirmLabel: "Turn off two-factor",
        pendingLabel: "Turning off…",
        danger: true,
      }
    case "delete":
      return {
        label: "Delete user",
        title: `Delete ${label} for good?`,
        description: "Their profile, sign-in methods, two-factor settings and every session go. This cannot be undone.",
        confirmLabel: "Delete user",
        pendingLabel: "Deleting…",
        danger: true,
      }
  }
}

/** Whether the action applies to this user (the server actions check everything again). */
export function offered(id: ActionId, s: ActionSubject): boolean {
  switch (id) {
    case "roles":
    case "revoke-sessions":
      return true
    case "password-reset":
      return s.hasEmail
    case "impersonate":
      return !s.self && !s.isAdmin
    case "unban":
      return s.banned
    case "ban":
      return !s.banned && !s.self
    case "two-factor":
      return s.twoFactor
    case "delete":
      return !s.self
  }
}

/** What the action asks beyond "are you sure" (roles, a reason, a duration); null: nothing. */
export function actionFields(id: ActionId, s: ActionSubject): ReactNode {
  switch (id) {
    case "roles":
      return (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Roles</legend>
          {s.roleNames.map((role) => (
            <div key={role} className="flex items-center gap-2">
              <input id={`role-${role}`} type="checkbox" name="roles" value={role} defaultChecked={s.roles.includes(role)} className="size-4" />
              <label htmlFor={`role-${role}`} className="text-sm">
                {role}
              </label>
            </div>
          ))}
        </fieldset>
      )
    case "ban":
      return (
        <>
          <Field name="reason" id="ban-reason" label="Reason" required maxLength={500} autoComplete="off" hint="For the admins only; the user never sees it." />
          <div className="space-y-1.5">
            <label htmlFor="ban-duration" className="block text-sm font-medium">
              Duration
            </label>
            <select id="ban-duration" name="duration" defaultValue="7d" className="block w-full rounded-control border border-border-strong bg-surface px-3 py-2 text-fg">
              {BAN_DURATIONS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </div>
        </>
      )
    case "impersonate":
      return <Field name="reason" id="impersonate-reason" label="Reason" required maxLength={500} autoComplete="off" hint="Shown to the user in their security activity." />
    default:
      return null
  }
}

/** The page that asks for this action without JavaScript. */
export const confirmHref = (userId: string, id: ActionId) => `/admin/users/${userId}/confirm/${id}`
