/**
 * Session lifetimes (ASVS 7.3.1/7.3.2): session.maxAge slides with
 * activity; session.absoluteMaxAge, counted from sign-in, ends a session that
 * was refreshed all along, and caps the cookie's expiry. Both strategies.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { Session } from "@/lib/auth"
import { resolveAuthConfig } from "@/lib/auth/auth"
import { BASE, Browser, setCookie } from "../support"
import { ada, memoryDatabase, passwords, stepUpConfig } from "./support"

const DAY = 24 * 60 * 60
const start = new Date("2031-03-01T09:00:00Z").getTime()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(start)
})
afterEach(() => vi.useRealTimers())

describe("session.absoluteMaxAge", () => {
  it("defaults to 30 days", () => {
    expect(resolveAuthConfig(stepUpConfig("jwt", memoryDatabase())).session.absoluteMaxAge).toBe(30 * DAY)
  })

  describe.each(["database", "jwt"] as const)("%s strategy", (strategy) => {
    it("ends a session refreshed all along at the absolute limit, however active it was", async () => {
      const db = memoryDatabase()
      // Inactivity 7 days, sliding once a day; absolute 20 days.
      const config = stepUpConfig(strategy, db, { session: { strategy, maxAge: 7 * DAY, updateAge: DAY, absoluteMaxAge: 20 * DAY } })
      const browser = new Browser(config)
      expect((await browser.signInWithCredentials({ email: ada.email!, password: passwords[ada.email!] })).status).toBe(302)

      const cookieName = browser.sessionCookieName()
      for (let day = 2; day < 20; day += 2) {
        vi.setSystemTime(start + day * DAY * 1000)
        const res = await browser.send(`${BASE}/session`)
        const session = (await res.json()) as Session | null
        expect(session?.user?.email, `day ${day}`).toBe(ada.email)
        // Refreshed while there is time to give, never past the absolute end.
        const cookie = setCookie(res, cookieName)
        if (day <= 12) expect(cookie, `day ${day}: refreshed`).toBeDefined()
        if (cookie) expect(Date.parse(cookie.attributes.expires as string)).toBeLessThanOrEqual(start + 20 * DAY * 1000)
        expect(Date.parse(session!.expires)).toBeLessThanOrEqual(start + 20 * DAY * 1000)
      }

      // Active the day before, yet over at the absolute limit.
      vi.setSystemTime(start + 20 * DAY * 1000)
      const res = await browser.send(`${BASE}/session`)
      expect(await res.json()).toBeNull()
      expect(browser.jar.has(cookieName)).toBe(false)
      if (strategy === "database") expect(db.sessions.size).toBe(0)
    })

    it("keeps maxAge the inactivity lifetime", async () => {
      const config = stepUpConfig(strategy, memoryDatabase(), { session: { strategy, maxAge: 3 * DAY, updateAge: DAY } })
      const browser = new Browser(config)
      await browser.signInWithCredentials({ email: ada.email!, password: passwords[ada.email!] })
      vi.setSystemTime(start + 2 * DAY * 1000)
      expect(await (await browser.send(`${BASE}/session`)).json()).not.toBeNull()
      // Past the token's 15 s clock tolerance too.
      vi.setSystemTime(start + 5 * DAY * 1000 + 60_000)
      expect(await (await browser.send(`${BASE}/session`)).json()).toBeNull()
    })
  })
})
