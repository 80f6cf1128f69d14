/**
 * The User-Agent as a session list keeps and shows it: cut down for storage,
 * and read as "browser, operating system" for people. A deliberately small
 * reader of the common browsers' tokens, not a full parser: the list only has
 * to let a user tell their devices apart, and an unknown agent reads as such.
 */

/** Longest stored User-Agent; real ones are about 120–200 characters. */
export const MAX_STORED_USER_AGENT = 256

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g

/** The header as stored: control characters dropped, cut to MAX_STORED_USER_AGENT; null when empty. */
export function storedUserAgent(header: string | null | undefined): string | null {
  if (typeof header !== "string") return null
  const clean = header.replace(CONTROL_CHARS, "").trim().slice(0, MAX_STORED_USER_AGENT)
  return clean === "" ? null : clean
}

export interface UserAgentDescription {
  /** e.g. "Firefox 133", "Safari 18"; "Unknown browser" when no rule matches. */
  browser: string
  /** e.g. "Windows", "macOS", "Android 14", "iOS"; "Unknown OS" when no rule matches. */
  os: string
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|OPiOS)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Vivaldi", /\bVivaldi\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[\d.]*(?: Mobile\/\w+)? Safari\//],
  ["curl", /^curl\/(\d+)/],
]

// iOS before macOS: iPhone agents say "like Mac OS X"; Android before Linux.
const SYSTEMS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ["Windows", /\bWindows (?:NT|Phone)\b/],
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid(?: (\d+))?/],
  ["ChromeOS", /\bCrOS\b/],
  ["macOS", /\b(?:Macintosh|Mac OS X)\b/],
  ["Linux", /\bLinux\b/],
]

function firstMatch(text: string, rules: ReadonlyArray<readonly [string, RegExp]>): string | null {
  for (const [name, pattern] of rules) {
    const match = pattern.exec(text)
    if (match) return match[1] ? `${name} ${match[1]}` : name
  }
  return null
}

export function describeUserAgent(userAgent: string | null | undefined): UserAgentDescription {
  const text = userAgent ?? ""
  return { browser: firstMatch(text, BROWSERS) ?? "Unknown browser", os: firstMatch(text, SYSTEMS) ?? "Unknown OS" }
}
