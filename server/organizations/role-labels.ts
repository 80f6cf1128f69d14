/**
 * Organization roles as pages and mails name them. The built-in ones have
 * words; an app's own role shows as its name.
 */
const LABELS: Readonly<Record<string, string>> = { owner: "Owner", admin: "Admin", member: "Member" }

/** The roles a page offers when inviting or changing a role, lowest first. Owner only for an owner. */
export function assignableRoles(actorIsOwner: boolean): string[] {
  return actorIsOwner ? ["member", "admin", "owner"] : ["member", "admin"]
}

/** One role in words: "Admin"; an app's own role as it is named. */
export function roleName(role: string): string {
  return LABELS[role] ?? role
}

/** "Admin", or "Admin, Billing" for several. */
export function roleLabel(roles: readonly string[]): string {
  return roles.map(roleName).join(", ") || "Member"
}
