/**
 * Settings' sub-navigation: one page, five groups, each an anchor. The
 * labels are the ones the dashboard, mails and other pages link to.
 */
export const SETTINGS_SECTIONS = [
  { id: "profile", label: "Profile" },
  { id: "security", label: "Security" },
  { id: "sessions-and-activity", label: "Sessions & activity" },
  { id: "data", label: "Data" },
  { id: "danger-zone", label: "Danger zone" },
] as const

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]["id"]

/**
 * Anchors that older links carry (the verify-email page's "continue turning
 * on two-factor authentication", mails already in inboxes) and the element
 * they now mean. Everything else is taken as it is.
 */
const MOVED_ANCHORS: Readonly<Record<string, string>> = {
  "two-factor-heading": "two-factor",
  "email-heading": "email",
  "passkeys-heading": "passkeys",
  "sessions-heading": "sessions",
  "data-export-heading": "download-my-data",
  "delete-account-heading": "delete-account",
}

/** "#two-factor-heading" → "two-factor"; null when the hash needs no help (empty, or an anchor that exists as it is). */
export function movedAnchor(hash: string): string | null {
  const id = hash.startsWith("#") ? hash.slice(1) : hash
  return Object.hasOwn(MOVED_ANCHORS, id) ? MOVED_ANCHORS[id] : null
}
