/**
 * Links into the guide the codemod's messages point to. Every section is
 * named by its GitHub heading anchor, so a test can check that each one the
 * messages print exists in docs/migrating-from-next-auth.md.
 */
export const GUIDE_FILE = "docs/migrating-from-next-auth.md"

export function guideSection(anchor: string): string {
  return `${GUIDE_FILE}#${anchor}`
}
