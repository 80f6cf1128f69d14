/**
 * The "device" a security log entry is from, as a key two sign-ins can be
 * compared on: browser family and operating system without version numbers
 * (a browser update is not a new device), and the network the address is in
 * (IPv4 /24, IPv6 /48), so a new address from the same provider's pool is not
 * a new device either, e.g. "Chrome|macOS|203.0.113".
 */
import { describeUserAgent } from "../session/user-agent"

/** "Chrome 131" → "Chrome", "Android 14" → "Android"; names without a version stay as they are. */
function withoutVersion(name: string): string {
  return name.replace(/\s+\d+$/, "")
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

function ipv4Prefix(address: string): string | null {
  const match = IPV4.exec(address)
  if (!match) return null
  const octets = match.slice(1, 4).map(Number)
  if (octets.some((o) => o > 255) || Number(match[4]) > 255) return null
  return octets.join(".")
}

/** The eight groups of an IPv6 address, lower case without leading zeros; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split("::")
  if (halves.length > 2) return null
  const parse = (part: string) => (part === "" ? [] : part.split(":"))
  const head = parse(halves[0])
  const tail = halves.length === 2 ? parse(halves[1]) : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail]
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null
  return groups.map((g) => Number.parseInt(g, 16).toString(16))
}

/**
 * The network part of a client address: the first three octets of IPv4, the
 * first three groups (/48) of IPv6; an IPv4-mapped IPv6 address counts as its
 * IPv4 address. "unknown" when there is none or it is not an address.
 */
export function addressPrefix(address: string | null | undefined): string {
  const trimmed = (address ?? "").trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "")
  if (trimmed === "") return "unknown"
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  const v4 = ipv4Prefix(mapped ? mapped[1] : trimmed)
  if (v4) return v4
  const groups = ipv6Groups(trimmed)
  return groups ? groups.slice(0, 3).join(":") : "unknown"
}

/** The device key of a sign-in from this User-Agent and client address. */
export function deviceKey(userAgent: string | null | undefined, address: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent)
  return `${withoutVersion(browser)}|${withoutVersion(os)}|${addressPrefix(address)}`
}
