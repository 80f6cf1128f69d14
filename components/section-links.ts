/**
 * The signed-in sections the header links to, in order: the main navigation
 * and the account menu list the same ones. "Admin" only for a user whose
 * session grants the admin area's permission (auth.ts adminAreaPermission);
 * the link is a convenience, the area checks the permission itself.
 */
export interface SectionLink {
  href: string
  label: string
}

const SECTIONS: readonly SectionLink[] = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/settings", label: "Settings" },
]

const ADMIN: SectionLink = { href: "/admin", label: "Admin" }

export function sectionLinks({ admin = false }: { admin?: boolean } = {}): readonly SectionLink[] {
  return admin ? [...SECTIONS, ADMIN] : SECTIONS
}
