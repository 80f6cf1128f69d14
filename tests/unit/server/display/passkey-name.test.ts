/** A passkey is never "Unnamed passkey": the owner's name, else its authenticator's, else the browser it was added in. */
import { describe, expect, it } from "vitest"
import { authenticatorName } from "@/server/display/authenticator-names"
import { passkeyDisplayName } from "@/server/display/passkey-name"

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36"

describe("authenticatorName", () => {
  it.each([
    ["fbfc3007-154e-4ecc-8c0b-6e020557d7bd", "iCloud Keychain"],
    ["EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4", "Google Password Manager"],
    ["08987058-cadc-4b81-b6e1-30de50dcbe96", "Windows Hello"],
    ["bada5566-a7aa-401f-bd96-45619a55120d", "1Password"],
    ["d548826e-79b4-db40-a3d8-11116f7e8349", "Bitwarden"],
    ["adce0002-35bc-c60a-648b-0b25f1f05503", "Chrome on Mac"],
    ["cb69481e-8ff7-4039-93ec-0a2729a154a8", "YubiKey 5 Series"],
  ])("%s → %s", (aaguid, name) => {
    expect(authenticatorName(aaguid)).toBe(name)
  })

  it.each([["00000000-0000-0000-0000-000000000000"], ["12345678-1234-1234-1234-123456789abc"], [""], [null], ["toString"]])(
    "%s names nothing (anonymous, unknown or not an AAGUID)",
    (aaguid) => {
      expect(authenticatorName(aaguid)).toBeNull()
    },
  )
})

describe("passkeyDisplayName", () => {
  it("the owner's own name wins", () => {
    expect(passkeyDisplayName({ name: "Work laptop", aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd", addedWith: CHROME_LINUX })).toBe("Work laptop")
  })

  it("then the authenticator's name", () => {
    expect(passkeyDisplayName({ name: null, aaguid: "fbfc3007-154e-4ecc-8c0b-6e020557d7bd", addedWith: CHROME_LINUX })).toBe("iCloud Keychain")
  })

  it("then the browser it was added in", () => {
    expect(passkeyDisplayName({ name: null, aaguid: "00000000-0000-0000-0000-000000000000", addedWith: CHROME_LINUX })).toBe("Chrome on Linux")
    expect(passkeyDisplayName({ name: null, addedWith: CHROME_LINUX })).toBe("Chrome on Linux")
  })

  it("and plainly \"Passkey\" when nothing is known, never \"Unnamed passkey\"", () => {
    expect(passkeyDisplayName({ name: null })).toBe("Passkey")
    expect(passkeyDisplayName({ name: "" , addedWith: "junk" })).toBe("Passkey")
  })
})
