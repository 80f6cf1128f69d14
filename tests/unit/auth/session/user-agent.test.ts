import { describe, expect, it } from "vitest"
import { describeUserAgent, MAX_STORED_USER_AGENT, storedUserAgent } from "@/lib/auth/session/user-agent"

// Real agents of current browsers, as they send them.
const AGENTS: Array<[agent: string, browser: string, os: string]> = [
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131", "Windows"],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    "Edge 131",
    "Windows",
  ],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", "Safari 18", "macOS"],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133", "macOS"],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133", "Linux"],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Safari 18",
    "iOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    "Chrome 131",
    "iOS",
  ],
  ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", "Chrome 131", "Android 14"],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
    "Samsung Internet 26",
    "Android 14",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
    "Opera 115",
    "Windows",
  ],
  ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131", "ChromeOS"],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36", "Chrome 156", "Linux"],
  ["curl/8.11.0", "curl 8", "Unknown OS"],
]

describe("describeUserAgent", () => {
  it.each(AGENTS)("%s → %s on %s", (agent, browser, os) => {
    expect(describeUserAgent(agent)).toEqual({ browser, os })
  })

  it("says so when it cannot tell, and never throws on junk", () => {
    expect(describeUserAgent(null)).toEqual({ browser: "Unknown browser", os: "Unknown OS" })
    expect(describeUserAgent("")).toEqual({ browser: "Unknown browser", os: "Unknown OS" })
    expect(describeUserAgent("x".repeat(10_000))).toEqual({ browser: "Unknown browser", os: "Unknown OS" })
  })
})

describe("storedUserAgent", () => {
  it("drops control characters and cuts long agents to the stored maximum", () => {
    expect(storedUserAgent("Firefox/1\u0000\u001b[31m")).toBe("Firefox/1[31m")
    expect(storedUserAgent("a".repeat(5000))).toHaveLength(MAX_STORED_USER_AGENT)
  })

  it("keeps nothing for a missing or blank header", () => {
    expect(storedUserAgent(null)).toBeNull()
    expect(storedUserAgent(undefined)).toBeNull()
    expect(storedUserAgent("  \t ")).toBeNull()
  })
})
