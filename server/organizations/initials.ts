/** The one or two letters an organization's avatar shows: the first letters of its first two words. */
export function organizationInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "")
  return letters.join("").toUpperCase() || "?"
}
