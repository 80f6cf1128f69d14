/**
 * Whether a host the server is asked to fetch from (an identity provider's
 * metadata URL an organization's admin typed) resolves only to public
 * addresses. Anyone who signs up can create an organization and so reach that
 * form: without this check the form would let them make the server read its
 * own network (a cloud metadata service, an admin port on localhost) and learn
 * from the error what answered. Outside production, local identity providers
 * are what developers test with, so there the check is off.
 */
import { lookup } from "node:dns/promises"
import { BlockList, isIP } from "node:net"

const internal = new BlockList()
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  internal.addSubnet(network, prefix, "ipv4")
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  internal.addSubnet(network, prefix, "ipv6")
}

/** An IPv4 address written inside IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one. */
function isInternal(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return internal.check(mapped[1], "ipv4")
  const family = isIP(address)
  if (family === 4) return internal.check(address, "ipv4")
  if (family === 6) return internal.check(address, "ipv6")
  return true
}

/** False when any address the host resolves to is internal, or when it does not resolve. */
export async function resolvesToPublicAddresses(hostname: string, production = process.env.NODE_ENV === "production"): Promise<boolean> {
  if (!production) return true
  const host = hostname.replace(/^\[|\]$/g, "")
  if (isIP(host)) return !isInternal(host)
  try {
    const addresses = await lookup(host, { all: true, verbatim: true })
    return addresses.length > 0 && addresses.every(({ address }) => !isInternal(address))
  } catch {
    return false
  }
}
