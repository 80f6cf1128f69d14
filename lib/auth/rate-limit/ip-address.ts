/**
 * The library's one reader of IP address text. Rate limits key on what it
 * makes of an address, and the security log's device key takes its network
 * from it, so two spellings of one address can never count as two clients,
 * and no other module parses addresses its own way.
 *
 * One address has many spellings once it comes from X-Forwarded-For or a
 * framework: `::ffff:192.0.2.1` (also `::ffff:c000:201`) is 192.0.2.1,
 * `2001:DB8::1` is `2001:0db8:0:0:0:0:0:1`, a link-local address may carry a
 * zone (`fe80::1%eth0`), and some proxies write a port (`[2001:db8::1]:443`,
 * `192.0.2.1:8080`). And one IPv6 client is not one address: a home
 * connection is given a /64 (2^64 addresses) and picks new ones at will, so
 * per-client budgets key IPv6 by its prefix.
 */

/** An address as bytes: 4 for IPv4 (an IPv4-mapped IPv6 address is read as its IPv4 address), 16 for IPv6. */
export interface IpAddress {
  version: 4 | 6
  bytes: Uint8Array
}

/** Text longer than any spelling of an address with a zone and a port is not read. */
const MAX_ADDRESS_TEXT = 100
/** Text that is not an address keys as itself, this long at most (a store key must not grow with the header). */
export const MAX_CLIENT_KEY_TEXT = 64
/** IPv6 clients share a budget per /64 unless configured otherwise. */
export const DEFAULT_IPV6_PREFIX = 64

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/
const DOTTED_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/
const BRACKETED = /^\[([^\]]*)\](?::\d{1,5})?$/
const GROUP = /^[0-9a-f]{1,4}$/i

/** Four octets; leading zeros are read as decimal (no proxy writes octal), above 255 is not an address. */
function parseIpv4(text: string): Uint8Array | null {
  const match = DOTTED.exec(text)
  if (!match) return null
  const octets = match.slice(1).map(Number)
  return octets.every((o) => o <= 255) ? Uint8Array.from(octets) : null
}

/** The groups of one side of "::"; an embedded IPv4 address may end the last side. */
function groupsOf(part: string, last: boolean): number[] | null {
  if (part === "") return []
  const texts = part.split(":")
  const groups: number[] = []
  for (const [i, text] of texts.entries()) {
    if (last && i === texts.length - 1 && text.includes(".")) {
      const v4 = parseIpv4(text)
      if (!v4) return null
      groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!)
    } else if (GROUP.test(text)) {
      groups.push(Number.parseInt(text, 16))
    } else {
      return null
    }
  }
  return groups
}

function parseIpv6(text: string): Uint8Array | null {
  const halves = text.split("::")
  if (halves.length > 2) return null
  const head = groupsOf(halves[0]!, halves.length === 1)
  const tail = halves.length === 2 ? groupsOf(halves[1]!, true) : []
  if (!head || !tail) return null
  const missing = 8 - head.length - tail.length
  // "::" stands for one group or more; without it there must be eight.
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  groups.forEach((group, i) => {
    bytes[2 * i] = group >> 8
    bytes[2 * i + 1] = group & 0xff
  })
  return bytes
}

/** ::ffff:0:0/96, the IPv4-mapped addresses a dual-stack socket reports for IPv4 clients. */
function isIpv4Mapped(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff
}

/**
 * Reads an address in any of its spellings: brackets and a port around it, a
 * zone after it, upper case, zeros compressed or written out. Null when the
 * text is not an address.
 */
export function parseIpAddress(text: string | null | undefined): IpAddress | null {
  let value = (text ?? "").trim()
  if (value === "" || value.length > MAX_ADDRESS_TEXT) return null
  const bracketed = BRACKETED.exec(value)
  if (bracketed) value = bracketed[1]!
  else {
    const withPort = DOTTED_WITH_PORT.exec(value)
    if (withPort) value = withPort[1]!
  }
  if (!value.includes(":")) {
    const v4 = parseIpv4(value)
    return v4 ? { version: 4, bytes: v4 } : null
  }
  // A zone names the interface on this host's side; the same address on any interface is one client.
  const bytes = parseIpv6(value.replace(/%[^%]*$/, ""))
  if (!bytes) return null
  return isIpv4Mapped(bytes) ? { version: 4, bytes: bytes.slice(12) } : { version: 6, bytes }
}

/** The eight groups of an IPv6 address as numbers. */
function groupsFromBytes(bytes: Uint8Array): number[] {
  return Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!)
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups (the first of equals) as "::". */
function formatIpv6(bytes: Uint8Array): string {
  const groups = groupsFromBytes(bytes)
  let best = { start: -1, length: 0 }
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++
      continue
    }
    let end = i
    while (end < 8 && groups[end] === 0) end++
    if (end - i > best.length) best = { start: i, length: end - i }
    i = end
  }
  const hex = groups.map((g) => g.toString(16))
  if (best.length < 2) return hex.join(":")
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`
}

/** The address in its one canonical spelling: dotted IPv4, or RFC 5952 IPv6. */
export function formatIpAddress(address: IpAddress): string {
  return address.version === 4 ? Array.from(address.bytes).join(".") : formatIpv6(address.bytes)
}

/** The canonical spelling of an address; null when the text is not one. */
export function canonicalIpAddress(text: string | null | undefined): string | null {
  const address = parseIpAddress(text)
  return address ? formatIpAddress(address) : null
}

/** Whether a prefix length is one `ipv6Prefix` accepts: a whole number from 32 to 128. */
export function isIpv6PrefixLength(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 32 && value <= 128
}

/** The network of an IPv6 address: the first `prefix` bits kept, the rest zero. */
function ipv6Network(bytes: Uint8Array, prefix: number): Uint8Array {
  const network = new Uint8Array(16)
  for (let i = 0; i < 16; i++) {
    const bits = Math.max(0, Math.min(8, prefix - 8 * i))
    network[i] = bytes[i]! & ((0xff << (8 - bits)) & 0xff)
  }
  return network
}

/**
 * The subject a per-client budget is counted for: an IPv4 address in its
 * canonical spelling; an IPv6 address by its network (`2001:db8:1:2::/64`
 * with the default prefix), so a client rotating through its /64 is still
 * one client; anything else (no address known, a proxy's junk) as its own
 * text, cut to 64 characters.
 */
export function clientKey(text: string | null | undefined, ipv6Prefix: number = DEFAULT_IPV6_PREFIX): string {
  const address = parseIpAddress(text)
  if (!address) return (text ?? "").trim().slice(0, MAX_CLIENT_KEY_TEXT) || "unknown"
  if (address.version === 4) return formatIpAddress(address)
  const prefix = isIpv6PrefixLength(ipv6Prefix) ? ipv6Prefix : DEFAULT_IPV6_PREFIX
  if (prefix === 128) return formatIpv6(address.bytes)
  return `${formatIpv6(ipv6Network(address.bytes, prefix))}/${prefix}`
}

/**
 * The first groups of an address's network, for the security log's device
 * key: the first three octets of IPv4 ("203.0.113"), the first three groups
 * of IPv6 ("2001:db8:0"); null when the text is not an address. The format is
 * what stored device keys hold, so it must not change.
 */
export function networkGroups(text: string | null | undefined): string | null {
  const address = parseIpAddress(text)
  if (!address) return null
  if (address.version === 4) return Array.from(address.bytes.subarray(0, 3)).join(".")
  return groupsFromBytes(address.bytes)
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")
}
