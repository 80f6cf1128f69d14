/**
 * Email addresses are untrusted input: they end up in an SMTP envelope, a mail
 * header and a database key. This module is the one place that turns one into
 * the canonical identifier or refuses it, for every path that takes an address
 * (sign-up, password sign-in, magic link, passkey, reset, OAuth profile). It
 * must never "repair" an address into a different mailbox (no cutting at
 * commas, no dropping parts), and a look-alike is refused rather than mapped:
 * a full-width or other compatibility form, or an invisible format character,
 * would otherwise name the real victim's mailbox from a different-looking key
 * (docs/decisions/account-model-and-passwords.md, "One address normaliser").
 */

/** RFC 5321 limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254
const MAX_LOCAL_LENGTH = 64

/** Why an address was refused; the sign-in page shows one message for all of them. */
export type EmailProblem =
  | "missing"
  | "too-long"
  | "control-character"
  | "format-character"
  | "compatibility-form"
  | "quote"
  | "list"
  | "at-count"
  | "local-part"
  | "domain"

export class InvalidEmailAddress extends Error {
  readonly problem: EmailProblem
  constructor(problem: EmailProblem) {
    super(`The email address was refused (${problem})`)
    this.name = "InvalidEmailAddress"
    this.problem = problem
  }
}

// C0/C1 controls (CR and LF included), DEL, and the Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// Invisible format characters (zero-width space/joiners, bidi controls, soft hyphen, BOM),
// and unassigned, private-use or lone-surrogate code points: none is ever part of a real address.
const FORMAT = /[\p{Cf}\p{Cn}\p{Co}\p{Cs}]/u
// Characters with a meaning in an address header: display names, groups, routes, comments.
const HEADER_SYNTAX = /[<>()[\]\\;:\s]/
// Dot-atom of RFC 5322 plus UTF-8 letters (RFC 6531) in the local part.
const LOCAL_PART = /^[^.\s@"](?:[^\s@"]*[^.\s@"])?$/
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * The identifier for an address: NFKC-normalised, trimmed, the domain
 * lower-cased and in ASCII (IDN → punycode). The local part keeps its case
 * apart from being lower-cased too, as Auth.js does, so one mailbox is one
 * account. Throws InvalidEmailAddress for anything that is not exactly one
 * plain address.
 */
export function normalizeEmailAddress(input: unknown): string {
  if (typeof input !== "string" || input.trim() === "") throw new InvalidEmailAddress("missing")
  // Checked before normalisation so a huge input costs nothing.
  if (input.length > MAX_EMAIL_LENGTH * 4) throw new InvalidEmailAddress("too-long")
  if (CONTROL.test(input)) throw new InvalidEmailAddress("control-character")
  if (!input.isWellFormed() || FORMAT.test(input)) throw new InvalidEmailAddress("format-character")
  const composed = input.normalize("NFC").trim()
  const value = composed.normalize("NFKC")
  // A compatibility form (full-width letters, "＠", ligatures, superscripts, circled letters)
  // is a look-alike of another address: refused, never folded into the address it imitates.
  // Canonical (NFC) differences are only two spellings of one character and are kept as NFC.
  if (value !== composed) throw new InvalidEmailAddress("compatibility-form")
  if (value.includes('"')) throw new InvalidEmailAddress("quote")
  if (value.includes(",")) throw new InvalidEmailAddress("list")
  if (value.length > MAX_EMAIL_LENGTH) throw new InvalidEmailAddress("too-long")
  if (HEADER_SYNTAX.test(value)) throw new InvalidEmailAddress("local-part")
  const parts = value.split("@")
  if (parts.length !== 2) throw new InvalidEmailAddress("at-count")
  const [local, domain] = parts as [string, string]
  if (local.length === 0 || [...local].length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local) || local.includes("..")) {
    throw new InvalidEmailAddress("local-part")
  }
  const asciiDomain = toAsciiDomain(domain)
  const address = `${local.toLowerCase()}@${asciiDomain}`
  if (address.length > MAX_EMAIL_LENGTH) throw new InvalidEmailAddress("too-long")
  return address
}

/** IDNA through the WHATWG URL parser (available on every runtime), then a strict DNS-name check. */
function toAsciiDomain(domain: string): string {
  if (domain === "" || domain.includes("/") || domain.includes("?") || domain.includes("#") || domain.includes("%")) {
    throw new InvalidEmailAddress("domain")
  }
  let host: string
  try {
    host = new URL(`http://${domain}`).hostname
  } catch {
    throw new InvalidEmailAddress("domain")
  }
  const labels = host.split(".")
  if (host.length > 253 || labels.length < 2 || !labels.every((l) => DOMAIN_LABEL.test(l))) {
    throw new InvalidEmailAddress("domain")
  }
  // An all-numeric last label is an IP address, which the URL parser accepts as a host.
  if (/^\d+$/.test(labels.at(-1)!)) throw new InvalidEmailAddress("domain")
  return host
}
