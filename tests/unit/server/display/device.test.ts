/** One device wording everywhere: browser family on system, no version numbers, halves when half is known. */
import { describe, expect, it } from "vitest"
import { deviceName } from "@/server/display/device"

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

describe("deviceName", () => {
  it.each([
    [CHROME_LINUX, "Chrome on Linux"],
    [FIREFOX_LINUX, "Firefox on Linux"],
    [SAFARI_IPHONE, "Safari on iOS"],
    ["curl/8.5.0", "curl"],
    [null, "Unknown device"],
    ["something odd", "Unknown device"],
  ])("%s → %s", (ua, name) => {
    expect(deviceName(ua)).toBe(name)
    expect(deviceName(ua)).not.toMatch(/\d/)
  })
})
