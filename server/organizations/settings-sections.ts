/**
 * The sections of an organization's settings, in the order its side
 * navigation lists them. A new section (single sign-on, billing…) is a
 * folder under app/o/[slug]/settings and one entry here.
 */
export interface SettingsSection {
  /** The path under /o/[slug]/settings ("" for the first page). */
  path: string
  label: string
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [{ path: "", label: "General" }]
