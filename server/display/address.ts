/**
 * A client address as people read it. Raw forms confuse: "::1" is this very
 * computer, "::ffff:203.0.113.7" is the IPv4 address 203.0.113.7, and
 * "unknown" is not an address at all (the reader is told nothing rather
 * than something false).
 */

export interface ReadableAddress {
  /** What to show: "this computer", "203.0.113.7". */
  text: string
  /** Shown beside it when it explains something: "local network". */
  note: string | null
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** "::ffff:203.0.113.7" → "203.0.113.7"; anything else unchanged. */
function unmapped(ip: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  return match ? match[1] : ip
}

function ipv4Octets(ip: string): number[] | null {
  const match = IPV4.exec(ip)
  if (!match) return null
  const octets = match.slice(1).map(Number)
  return octets.every((o) => o <= 255) ? octets : null
}

function isLoopback(ip: string): boolean {
  const octets = ipv4Octets(ip)
  if (octets) return octets[0] === 127
  return ip === "::1" || /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(ip)
}

function isPrivate(ip: string): boolean {
  const octets = ipv4Octets(ip)
  if (octets) {
    const [a, b] = octets
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
  }
  // Unique local (fc00::/7) and link-local (fe80::/10) IPv6 addresses.
  return /^f[cd][0-9a-f]{0,2}:/i.test(ip) || /^fe[89ab][0-9a-f]?:/i.test(ip)
}

/** Null when there is no address worth showing (missing, "unknown", or not an IP address). */
export function readableAddress(ip: string | null | undefined): ReadableAddress | null {
  const raw = ip?.trim() ?? ""
  if (raw === "" || raw.toLowerCase() === "unknown") return null
  const address = unmapped(raw)
  if (!ipv4Octets(address) && !address.includes(":")) return null
  if (isLoopback(address)) return { text: "this computer", note: null }
  if (isPrivate(address)) return { text: address, note: "local network" }
  return { text: address, note: null }
}

/** One line: "this computer", "192.168.1.20 (local network)", "203.0.113.7"; null when unknown. */
export function addressText(ip: string | null | undefined): string | null {
  const readable = readableAddress(ip)
  if (!readable) return null
  return readable.note ? `${readable.text} (${readable.note})` : readable.text
}
