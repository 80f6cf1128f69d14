/**
 * Times as people read them: "2 minutes ago", and the exact moment in the
 * reader's own zone ("28 Nov 2026, 07:09 CET"). Pure and free of server
 * imports: the server renders the first paint with them, and the browser's
 * <RelativeTime> (components/relative-time.tsx) re-renders with its own clock
 * and zone after hydration.
 */

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "1 minute ago", "3 hours ago", "2 days ago", "5 months ago", "1 year ago", from `now`. */
export function relativeTime(then: Date, now: Date): string {
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000)
  // A moment ago, or a clock a little ahead of the reader's: never "in 3 seconds".
  if (seconds < MINUTE) return "just now"
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), "minute")
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), "hour")
  if (seconds < 30 * DAY) return ago(Math.floor(seconds / DAY), "day")
  if (seconds < 365 * DAY) return ago(Math.floor(seconds / (30 * DAY)), "month")
  return ago(Math.floor(seconds / (365 * DAY)), "year")
}

/** The exact time, the same for every reader (mails, and the server's first paint): "2026-11-26 07:09 UTC". */
export function exactTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`
}

/**
 * The exact time in a zone and language: "Nov 26, 2026, 8:09 AM GMT+1". The
 * zone's name is part of it, so a reader abroad is not misled. Without
 * `timeZone`, the runtime's own (the browser's, in a client component).
 */
export function localExactTime(date: Date, options: { locale?: string; timeZone?: string } = {}): string {
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: options.timeZone,
  })
    .format(date)
    .concat(" ", zoneName(date, options))
}

function zoneName(date: Date, options: { locale?: string; timeZone?: string }): string {
  const part = new Intl.DateTimeFormat(options.locale, { timeZone: options.timeZone, timeZoneName: "short" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName")
  return part?.value ?? ""
}
