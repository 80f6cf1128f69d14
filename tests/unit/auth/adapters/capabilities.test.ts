import { describe, expect, it } from "vitest"
import {
  adapterView,
  adapterViews,
  hasMethods,
  missingTwoFactorMethods,
  sessionMethods,
  supportsTwoFactor,
  twoFactorMethods,
  webauthnMethods,
} from "@/lib/auth/adapters/capabilities"
import { MissingAdapterMethods } from "@/lib/auth/errors"
import type { Adapter } from "@/lib/auth/adapters/types"

const fn = async () => null
const methods = (...names: (keyof Adapter)[]): Adapter => Object.fromEntries(names.map((n) => [n, fn]))

describe("adapter capabilities", () => {
  it("offers a feature's view only when the adapter has every method that feature calls", () => {
    const linking = methods("createUser", "getUser", "getUserByEmail", "linkAccount")
    const views = adapterViews(linking)
    expect(views.account).toBeUndefined()
    expect(views.session).toBeUndefined()

    const full = methods("createUser", "getUser", "getUserByEmail", "linkAccount", "getUserByAccount", ...sessionMethods)
    const fullViews = adapterViews(full)
    expect(fullViews.account).toBe(full)
    expect(fullViews.session).toBe(full)
    expect(fullViews.email).toBeUndefined()
  })

  it("treats a property that is not a function as missing", () => {
    const broken = { ...methods("createSession", "getSessionAndUser", "updateSession"), deleteSession: "no" } as unknown as Adapter
    expect(hasMethods(broken, sessionMethods)).toBe(false)
    expect(hasMethods(undefined, sessionMethods)).toBe(false)
  })

  it("names the missing methods when a feature asks for a view the adapter cannot give", () => {
    expect(() => adapterView(adapterViews(methods("getUser")), "email")).toThrow(MissingAdapterMethods)
    expect(() => adapterView(adapterViews(undefined), "email")).toThrow(/createVerificationToken, useVerificationToken/)
  })

  it("gives an Auth.js adapter's passkey methods the passkey view, and the challenge store's view only with useWebAuthnChallenge", () => {
    const authjs = methods(...webauthnMethods)
    expect(adapterViews(authjs).webauthn).toBe(authjs)
    expect(adapterViews(authjs).webauthnChallenges).toBeUndefined()
    expect(() => adapterView(adapterViews(authjs), "webauthnChallenges")).toThrow(/useWebAuthnChallenge/)
    const withStore = methods(...webauthnMethods, "useWebAuthnChallenge")
    expect(adapterViews(withStore).webauthnChallenges).toBe(withStore)
  })

  it("says whether an adapter can store second factors, and which methods it lacks", () => {
    const complete = methods(...twoFactorMethods)
    expect(supportsTwoFactor(complete)).toBe(true)
    expect(missingTwoFactorMethods(complete)).toEqual([])

    // An Auth.js adapter has none of them; half an implementation is no support either.
    const authjs = methods("createUser", "getUser", "getUserByEmail", "linkAccount", ...sessionMethods)
    expect(supportsTwoFactor(authjs)).toBe(false)
    expect(missingTwoFactorMethods(authjs)).toEqual([...twoFactorMethods])
    const partial = methods("getTwoFactor", "enableTwoFactor", "disableTwoFactor", "useTotpStep")
    expect(supportsTwoFactor(partial)).toBe(false)
    expect(missingTwoFactorMethods(partial)).toEqual(["replaceRecoveryCodes", "useRecoveryCode"])
    expect(supportsTwoFactor(undefined)).toBe(false)
    expect(missingTwoFactorMethods(undefined)).toEqual([...twoFactorMethods])
  })
})
