/** Times as people read them: the relative words, and the exact time in the reader's zone with the zone named. */
import { describe, expect, it } from "vitest"
import { exactTime, localExactTime, relativeTime } from "@/server/display/time"

describe("relativeTime", () => {
  const now = new Date("2026-11-26T12:00:00Z")
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000)
  it.each([
    [0, "just now"],
    [59, "just now"],
    [-30, "just now"], // the reader's clock a little behind the server's
    [60, "1 minute ago"],
    [2 * 60 + 5, "2 minutes ago"],
    [3600, "1 hour ago"],
    [3 * 3600 + 10, "3 hours ago"],
    [24 * 3600, "1 day ago"],
    [3 * 24 * 3600, "3 days ago"],
    [30 * 24 * 3600, "1 month ago"],
    [365 * 24 * 3600, "1 year ago"],
    [800 * 24 * 3600, "2 years ago"],
  ])("%i seconds before → %s", (seconds, words) => {
    expect(relativeTime(before(seconds), now)).toBe(words)
  })
})

describe("exact times", () => {
  const moment = new Date("2026-11-26T07:09:30Z")

  it("the zone-free form every reader shares says UTC", () => {
    expect(exactTime(moment)).toBe("2026-11-26 07:09 UTC")
  })

  it("the local form is the reader's wall clock, with the zone named", () => {
    expect(localExactTime(moment, { locale: "en-GB", timeZone: "Europe/Berlin" })).toBe("26 Nov 2026, 08:09 CET")
    expect(localExactTime(moment, { locale: "en-US", timeZone: "America/New_York" })).toBe("Nov 26, 2026, 2:09 AM EST")
  })

  it("crosses the date line where the reader does", () => {
    expect(localExactTime(moment, { locale: "en-GB", timeZone: "Pacific/Auckland" })).toMatch(/^26 Nov 2026, 20:09 /)
    expect(localExactTime(new Date("2026-11-26T23:30:00Z"), { locale: "en-GB", timeZone: "Asia/Tokyo" })).toMatch(/^27 Nov 2026, 08:30 /)
  })
})
