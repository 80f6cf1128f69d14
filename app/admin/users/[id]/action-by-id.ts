/**
 * Each action of the user page by its id: the dialog (with JavaScript) and the
 * confirm page's form (without) run the same server action.
 */
import type { AdminActionState } from "@/server/admin/admin-action"
import type { ActionId } from "./action-catalog"
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

export type AdminAction = (previous: AdminActionState, form: FormData) => Promise<AdminActionState>

export const ADMIN_ACTIONS: Record<ActionId, AdminAction> = {
  roles: changeRolesAction,
  "password-reset": sendPasswordResetAction,
  impersonate: impersonateAction,
  unban: unbanUserAction,
  "revoke-sessions": revokeAllUserSessionsAction,
  ban: banUserAction,
  "two-factor": disableTwoFactorAction,
  delete: deleteUserAction,
}
