/**
 * A device as people name it: "Chrome on Linux", without version numbers.
 * One wording for Settings › Sessions, Security activity and the security
 * notice mails, so the same browser never reads two ways.
 */
import { describeUserAgent } from "@/lib/auth"

export const UNKNOWN_DEVICE = "Unknown device"

/** "Chrome on macOS"; "Chrome" or "a Mac" alone when half is unknown; "Unknown device" when nothing is. */
export function deviceName(userAgent: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent)
  const family = (name: string) => name.replace(/ \d+(\.\d+)*$/, "")
  const knownBrowser = browser !== "Unknown browser"
  const knownOs = os !== "Unknown OS"
  if (knownBrowser && knownOs) return `${family(browser)} on ${family(os)}`
  if (knownBrowser) return family(browser)
  if (knownOs) return `A browser on ${family(os)}`
  return UNKNOWN_DEVICE
}
