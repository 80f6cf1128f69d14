/**
 * Whether a domain's TXT record holds its verification value, asked of the
 * configured DNS servers (AUTH_DNS_SERVERS) or the system's. A record is
 * matched exactly (its strings joined, as DNS splits long values): a value
 * that merely contains the token does not count.
 */
import { Resolver } from "node:dns/promises"
import { verificationRecord } from "./domain-name"

export type DomainRecordVerdict = "match" | "missing" | "mismatch" | "failed"

const LOOKUP_TIMEOUT_MS = 5000

/** node:dns wants "host" or "host:port" (and "[v6]:port"), which is what the setting holds. */
function resolverFor(servers: readonly string[]): Resolver {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 })
  if (servers.length > 0) resolver.setServers([...servers])
  return resolver
}

export async function checkDomainRecord(domain: string, token: string, servers: readonly string[]): Promise<DomainRecordVerdict> {
  const { name, value } = verificationRecord(domain, token)
  let records: string[][]
  try {
    records = await resolverFor(servers).resolveTxt(name)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    // No such name, or a name without TXT records: the record is not there (yet).
    if (code === "ENOTFOUND" || code === "ENODATA") return "missing"
    return "failed"
  }
  if (records.length === 0) return "missing"
  return records.some((chunks) => chunks.join("") === value) ? "match" : "mismatch"
}
