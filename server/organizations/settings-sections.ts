/**
 * The sections of an organization's settings, in the order its side
 * navigation lists them. A new section (single sign-on, billing…) is a
 * folder under app/o/[slug]/settings and one entry here.
 */
export interface SettingsSection {
  /** The path under /o/[slug]/settings ("" for the first page). */
  path: string
  label: string
  /** Only for those whose roles grant organization:update; for anyone else the section is a 404 and not listed. */
  managersOnly?: boolean
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { path: "", label: "General" },
  { path: "sso", label: "Single sign-on", managersOnly: true },
]
