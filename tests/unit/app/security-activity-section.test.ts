/**
 * Settings › Security activity as the server renders it: a heading the
 * notice mails' link lands on (#security-activity), one list item per entry
 * in the order given (newest first), each with the plain words, the exact
 * time in a <time dateTime> element and the client address as people read it.
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import type { SecurityEvent } from "@/lib/auth"
import { SecurityActivitySection } from "@/app/(protected)/settings/security-activity-section"

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const NOW = new Date("2026-11-26T12:00:00Z")

function event(id: string, more: Partial<SecurityEvent>): SecurityEvent {
  return {
    id,
    userId: "u1",
    type: "sign-in",
    outcome: "success",
    method: null,
    provider: null,
    ip: "203.0.113.7",
    userAgent: CHROME_MAC,
    device: null,
    detail: null,
    createdAt: NOW,
    ...more,
  }
}

/** The visible text of each <li>, tags removed. */
function items(markup: string): string[] {
  return [...markup.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, ""))
}

describe("SecurityActivitySection", () => {
  it("one list item per entry, in the order given, in plain words with the address and exact time", () => {
    const markup = renderToStaticMarkup(
      createElement(SecurityActivitySection, {
        now: NOW,
        events: [
          event("3", { method: "passkey", createdAt: new Date(NOW.getTime() - 2 * 60_000) }),
          event("2", { method: "password", outcome: "failure", userAgent: FIREFOX_WINDOWS, ip: "198.51.100.4", createdAt: new Date(NOW.getTime() - 3 * 3_600_000) }),
          event("1", { type: "two-factor-enabled", createdAt: new Date(NOW.getTime() - 3 * 86_400_000) }),
        ],
      }),
    )
    expect(markup).toContain('id="security-activity"')
    expect(markup).toMatch(/<h3[^>]*>Security activity<\/h3>/)
    expect(items(markup)).toEqual([
      "Signed in with a passkey — Chrome on macOS — 2 minutes agoFrom 203.0.113.7 · 2026-11-26 11:58 UTC",
      "Failed sign-in with a password — Firefox on Windows — 3 hours agoFrom 198.51.100.4 · 2026-11-26 09:00 UTC",
      "Two-factor authentication turned on — Chrome on macOS — 3 days agoFrom 203.0.113.7 · 2026-11-23 12:00 UTC",
    ])
    expect(markup).toContain('<time dateTime="2026-11-26T11:58:00.000Z" title="2026-11-26 11:58 UTC">2 minutes ago</time>')
    expect(markup).toContain('data-outcome="failure"')
  })

  it("addresses read as people say them: this computer for loopback, the IPv4 inside an IPv4-mapped one, nothing for an unknown one", () => {
    const markup = renderToStaticMarkup(
      createElement(SecurityActivitySection, {
        now: NOW,
        events: [
          event("3", { ip: "::1" }),
          event("2", { ip: "::ffff:198.51.100.4" }),
          event("1", { ip: null }),
        ],
      }),
    )
    const details = items(markup).map((text) => text.split("just now")[1])
    expect(details).toEqual(["From this computer · 2026-11-26 12:00 UTC", "From 198.51.100.4 · 2026-11-26 12:00 UTC", "2026-11-26 12:00 UTC"])
    expect(markup).not.toContain("IP address")
  })

  it("an empty log says so; text from the log is escaped", () => {
    expect(renderToStaticMarkup(createElement(SecurityActivitySection, { now: NOW, events: [] }))).toContain("Nothing recorded yet.")
    const markup = renderToStaticMarkup(
      createElement(SecurityActivitySection, { now: NOW, events: [event("1", { type: "passkey-added", detail: "<img src=x onerror=alert(1)>" })] }),
    )
    expect(markup).not.toContain("<img")
    expect(markup).toContain("&lt;img")
  })
})
