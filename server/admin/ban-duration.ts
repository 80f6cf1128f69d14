/** The ban lengths the admin's form offers, and the end each gives. */
export const BAN_DURATIONS = [
  { value: "1d", label: "1 day", days: 1 },
  { value: "7d", label: "7 days", days: 7 },
  { value: "30d", label: "30 days", days: 30 },
  { value: "permanent", label: "permanent", days: null },
] as const

/** The ban's end for a form value: a Date, null for permanent, undefined for anything not offered. */
export function banEnd(value: unknown, now: Date): Date | null | undefined {
  const duration = BAN_DURATIONS.find((d) => d.value === value)
  if (!duration) return undefined
  return duration.days === null ? null : new Date(now.getTime() + duration.days * 86_400_000)
}
