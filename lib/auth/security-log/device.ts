/**
 * The "device" a security log entry is from, as a key two sign-ins can be
 * compared on: browser family and operating system without version numbers
 * (a browser update is not a new device), and the network the address is in
 * (IPv4 /24, IPv6 /48), so a new address from the same provider's pool is not
 * a new device either, e.g. "Chrome|macOS|203.0.113".
 */
import { networkGroups } from "../rate-limit/ip-address"
import { describeUserAgent } from "../session/user-agent"

/** "Chrome 131" → "Chrome", "Android 14" → "Android"; names without a version stay as they are. */
function withoutVersion(name: string): string {
  return name.replace(/\s+\d+$/, "")
}

/**
 * The network part of a client address: the first three octets of IPv4, the
 * first three groups (/48) of IPv6; an IPv4-mapped IPv6 address counts as its
 * IPv4 address. "unknown" when there is none or it is not an address. Read by
 * the library's one address parser (rate-limit/ip-address.ts).
 */
export function addressPrefix(address: string | null | undefined): string {
  return networkGroups(address) ?? "unknown"
}

/** The device key of a sign-in from this User-Agent and client address. */
export function deviceKey(userAgent: string | null | undefined, address: string | null | undefined): string {
  const { browser, os } = describeUserAgent(userAgent)
  return `${withoutVersion(browser)}|${withoutVersion(os)}|${addressPrefix(address)}`
}
