/**
 * An organization's activity log in words: one sentence per
 * entry, naming people by their display name or address (the ids the log
 * keeps mean nothing to a reader). Pure: the page reads the entries and the
 * names, this only phrases them.
 */
import type { OrganizationActivityEntry } from "@/lib/auth"
import { rolesInWords } from "./roles-display"

export interface ActivityLine {
  id: string
  at: Date
  text: string
}

/** The people the entries name (actors and member subjects), to be looked up once. */
export function peopleNamed(entries: readonly OrganizationActivityEntry[]): string[] {
  const ids = new Set<string>()
  for (const entry of entries) {
    if (entry.actorId) ids.add(entry.actorId)
    if (entry.subject && entry.type !== "member-invited" && entry.type !== "invitation-cancelled" && entry.type !== "invitation-voided") ids.add(entry.subject)
  }
  return [...ids]
}

/** Why an invitation stopped working with its inviter's authority (lib/auth/organizations/inviter-authority.ts). */
const VOIDED_BECAUSE: Readonly<Record<string, string>> = {
  "inviter-removed": "the member who sent it was removed",
  "inviter-left": "the member who sent it left the organization",
  "inviter-demoted": "the member who sent it may no longer invite",
  "inviter-banned": "the member who sent it was suspended",
  "inviter-deleted": "the account of the member who sent it was deleted",
}

function rolesOf(detail: string | null): string {
  return rolesInWords(detail ? detail.split(",").map((role) => role.trim()).filter(Boolean) : [])
}

export function activityLines(entries: readonly OrganizationActivityEntry[], names: ReadonlyMap<string, string>): ActivityLine[] {
  const who = (id: string | null) => (id ? (names.get(id) ?? "A former user") : "Someone")
  return entries.map((entry) => {
    const actor = who(entry.actorId)
    const subject = who(entry.subject)
    const text = (() => {
      switch (entry.type) {
        case "organization-created":
          return `${actor} created the organization.`
        case "organization-deleted":
          return `${actor} deleted the organization.`
        case "member-invited":
          return `${actor} invited ${entry.subject ?? "someone"} as ${rolesOf(entry.detail)}.`
        case "invitation-cancelled":
          return `${actor} cancelled an invitation.`
        case "invitation-voided":
          return `The invitation to ${entry.subject ?? "someone"} no longer works: ${VOIDED_BECAUSE[entry.detail ?? ""] ?? "the member who sent it lost the right to invite"}.`
        case "member-joined":
          return `${subject} joined as ${rolesOf(entry.detail)}.`
        case "member-removed":
          return `${actor} removed ${subject}.`
        case "member-left":
          return `${subject} left the organization.`
        case "member-role-changed":
          return `${actor} changed ${subject}'s role to ${rolesOf(entry.detail)}.`
        case "ownership-transferred":
          return `${actor} transferred ownership to ${subject}.`
        default:
          return `${actor}: ${String(entry.type)}.`
      }
    })()
    return { id: entry.id, at: entry.createdAt, text }
  })
}
