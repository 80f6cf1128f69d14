/**
 * Properties of the one address normaliser: a look-alike or a separator
 * slipped into a valid address never normalises to a valid *different*
 * address (it is refused), and what is accepted is canonical and stable.
 * The same function serves sign-up, password sign-in, magic links, passkeys,
 * resets and OAuth profiles (lib/auth/email/normalize.ts).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { normalizeEmail } from "@/server/accounts/email"
import { normalizeWebAuthnEmail } from "@/lib/auth/actions/webauthn-options"
import { normalizeEmailAddress } from "@/lib/auth/email/normalize"

const canonical = (input: unknown): string | null => normalizeEmail(input)

/** Valid addresses, as fast-check generates them (RFC 5322 dot-atoms), kept when the normaliser accepts them. */
const validAddress = fc.emailAddress().filter((address) => canonical(address) !== null)

/** Full-width (U+FF01..U+FF5E) forms of printable ASCII: NFKC folds each onto its ASCII letter. */
const fullWidth = (c: string) => String.fromCodePoint(c.codePointAt(0)! - 0x21 + 0xff01)

const formatCharacters = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u202e", "\u2066", "\u061c"]
const separators = [",", ";", "<", ">", "(", ")", "[", "]", ":", "\\", '"', " ", "\t", "\u00a0", "\u3000", "\u2028", "\r\n", "\u0000", "\u0085"]
const compatibilityForms = ["\uff20", "\ufe6b", "\ufb01", "\u2460", "\u00b2", "\u2100", "\u1d43", "\u217b"]

/** A position inside a string, and the string with `piece` put there. */
function insertAt(text: string, piece: string, at: number): string {
  const i = at % (text.length + 1)
  return text.slice(0, i) + piece + text.slice(i)
}

describe("the address normaliser", () => {
  it("a separator, bracket, space or control character anywhere in a valid address is refused", () => {
    fc.assert(
      fc.property(validAddress, fc.constantFrom(...separators), fc.nat(), (address, piece, at) => {
        const tampered = insertAt(address, piece, at)
        // Leading/trailing white space is trimmed: that is the same address, not a different one.
        const result = canonical(tampered)
        if (result !== null) expect(result).toBe(canonical(address))
        if (tampered.trim() !== address) expect(result).toBeNull()
      }),
      { numRuns: 2000 },
    )
  })

  it("victim@example.com> and friends never name a different valid address", () => {
    fc.assert(
      fc.property(validAddress, fc.constantFrom(">", "<", ",", ",evil.test", ">,attacker@evil.test", " <attacker@evil.test>"), (address, tail) => {
        expect(canonical(`${address}${tail}`)).toBeNull()
        expect(canonical(`<${address}${tail}`)).toBeNull()
      }),
      { numRuns: 500 },
    )
  })

  it("an invisible format character anywhere is refused", () => {
    fc.assert(
      fc.property(validAddress, fc.constantFrom(...formatCharacters), fc.nat(), (address, piece, at) => {
        expect(canonical(insertAt(address, piece, at))).toBeNull()
      }),
      { numRuns: 2000 },
    )
  })

  it("a full-width look-alike of any character is refused, never folded into the address it imitates", () => {
    fc.assert(
      fc.property(validAddress, fc.nat(), (address, at) => {
        const i = at % address.length
        const c = address[i]!
        if (c.codePointAt(0)! < 0x21 || c.codePointAt(0)! > 0x7e) return
        const lookalike = address.slice(0, i) + fullWidth(c) + address.slice(i + 1)
        expect(canonical(lookalike)).toBeNull()
      }),
      { numRuns: 2000 },
    )
  })

  it("other compatibility forms (ligatures, circled, superscript letters, the small and full-width @) are refused", () => {
    fc.assert(
      fc.property(validAddress, fc.constantFrom(...compatibilityForms), fc.nat(), (address, piece, at) => {
        expect(canonical(insertAt(address, piece, at))).toBeNull()
      }),
      { numRuns: 1000 },
    )
  })

  it("letter case never makes a second account: any casing of an address normalises to one form", () => {
    fc.assert(
      fc.property(validAddress, fc.array(fc.boolean(), { maxLength: 80 }), (address, flips) => {
        const cased = [...address].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join("")
        expect(canonical(cased)).toBe(canonical(address))
      }),
      { numRuns: 1000 },
    )
  })

  it("whatever is accepted is canonical: stable, lower-case, NFKC, one @, no separator; and every path agrees", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 80 }), fc.emailAddress(), fc.anything()), (input) => {
        const result = canonical(input)
        expect(normalizeWebAuthnEmail(input)).toBe(result)
        if (result === null) {
          expect(() => normalizeEmailAddress(input)).toThrow()
          return
        }
        expect(normalizeEmailAddress(input)).toBe(result)
        expect(canonical(result)).toBe(result)
        expect(result).toBe(result.toLowerCase())
        expect(result.normalize("NFKC")).toBe(result)
        expect(result.split("@")).toHaveLength(2)
        expect(result).not.toMatch(/[\s,;<>()[\]\\:"\u0000-\u001f\u007f-\u009f\p{Cf}]/u)
      }),
      { numRuns: 5000 },
    )
  })
})
