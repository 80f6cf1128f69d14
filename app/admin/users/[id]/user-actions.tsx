"use client"

import { Field } from "@/components/ui"
import { BAN_DURATIONS } from "@/server/admin/ban-duration"
import {
  banUserAction,
  changeRolesAction,
  deleteUserAction,
  disableTwoFactorAction,
  impersonateAction,
  revokeAllUserSessionsAction,
  sendPasswordResetAction,
  unbanUserAction,
} from "./actions"
import { AdminConfirmButton, AdminFormButton } from "./admin-action-ui"

export interface UserActionsProps {
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

/**
 * The admin's actions on one user, each asking first. Only what applies is
 * offered (Unban for a suspended user, Turn off two-factor when it is on, no
 * Impersonate for an admin); the server actions check everything again.
 */
export function UserActions({ userId, label, roles, roleNames, banned, twoFactor, self, isAdmin, hasEmail }: UserActionsProps) {
  const common = { userId }
  return (
    <div className="flex flex-wrap gap-3">
      <AdminFormButton
        {...common}
        action={changeRolesAction}
        label="Change role"
        title={`Change the roles of ${label}`}
        description="Every signed-in user has the role user. Saving ends the user's sessions, so the new roles apply from their next sign-in."
        confirmLabel="Save roles"
        pendingLabel="Saving…"
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Roles</legend>
          {roleNames.map((role) => (
            <div key={role} className="flex items-center gap-2">
              <input id={`role-${role}`} type="checkbox" name="roles" value={role} defaultChecked={roles.includes(role)} className="size-4" />
              <label htmlFor={`role-${role}`} className="text-sm">
                {role}
              </label>
            </div>
          ))}
        </fieldset>
      </AdminFormButton>

      {banned ? (
        <AdminConfirmButton
          {...common}
          action={unbanUserAction}
          label="Unban user"
          title={`Lift the suspension of ${label}?`}
          description="They can sign in again at once, and are told by email."
          confirmLabel="Unban user"
          pendingLabel="Lifting…"
        />
      ) : self ? null : (
        <AdminFormButton
          {...common}
          action={banUserAction}
          label="Ban user"
          title={`Suspend ${label}?`}
          description="Every session ends at once and every way in refuses them. The sign-in page tells them the account is suspended and until when, never the reason."
          confirmLabel="Ban user"
          pendingLabel="Suspending…"
          danger
        >
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
        </AdminFormButton>
      )}

      <AdminConfirmButton
        {...common}
        action={revokeAllUserSessionsAction}
        label="Revoke all sessions"
        title={`Sign ${label} out everywhere?`}
        description="Every session of this user ends now; they must sign in again on each device."
        confirmLabel="Revoke all sessions"
        pendingLabel="Revoking…"
        danger
      />

      {hasEmail ? (
        <AdminConfirmButton
          {...common}
          action={sendPasswordResetAction}
          label="Send password reset"
          title={`Email ${label} a password reset link?`}
          description="They choose a new password themselves; an administrator never sees or sets it."
          confirmLabel="Send password reset"
          pendingLabel="Sending…"
        />
      ) : null}

      {twoFactor ? (
        <AdminConfirmButton
          {...common}
          action={disableTwoFactorAction}
          label="Turn off two-factor"
          title={`Turn off two-factor authentication for ${label}?`}
          description="For a user locked out of their authenticator. Their sessions end, they sign in with their first factor alone, and they are told by email."
          confirmLabel="Turn off two-factor"
          pendingLabel="Turning off…"
          danger
        />
      ) : null}

      {self || isAdmin ? null : (
        <AdminFormButton
          {...common}
          action={impersonateAction}
          label="Impersonate"
          title={`Impersonate ${label}?`}
          description="You see the app as they do for at most an hour; changes to their password, email, two-factor, passkeys and sessions are refused. They see the start, the reason and the end in their security activity."
          confirmLabel="Impersonate"
          pendingLabel="Starting…"
        >
          <Field name="reason" id="impersonate-reason" label="Reason" required maxLength={500} autoComplete="off" hint="Shown to the user in their security activity." />
        </AdminFormButton>
      )}

      {self ? null : (
        <AdminConfirmButton
          {...common}
          action={deleteUserAction}
          label="Delete user"
          title={`Delete ${label} for good?`}
          description="Their profile, sign-in methods, two-factor settings and every session go. This cannot be undone."
          confirmLabel="Delete user"
          pendingLabel="Deleting…"
          danger
        />
      )}
    </div>
  )
}
