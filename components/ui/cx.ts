/** Joins class names, skipping the falsy ones (a condition that did not hold). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ")
}
