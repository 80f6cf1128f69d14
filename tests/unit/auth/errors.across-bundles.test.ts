/**
 * Each server bundle a framework builds has its own copy of the library's
 * error classes. An error thrown by one copy must still be recognised by the
 * other's `instanceof` (through the registered brand), and only as what it is.
 */
import { describe, expect, it, vi } from "vitest"
import {
  AdapterError,
  AuthError,
  BadRequest,
  CallbackRouteError,
  CredentialsSignin,
  OAuthCallbackError,
  SignInError,
} from "@/lib/auth/errors"

vi.resetModules()
const other = await import("@/lib/auth/errors")

describe("library errors across bundles", () => {
  it("the other bundle's classes really are other classes", () => {
    expect(other.CredentialsSignin).not.toBe(CredentialsSignin)
  })

  it("an error from another copy is an instance of the same class and its parents here", () => {
    const refused = new other.CredentialsRateLimited(30)
    expect(refused instanceof CredentialsSignin).toBe(true)
    expect(refused instanceof AuthError).toBe(true)
    expect(new other.DatabaseUnavailable("down") instanceof AdapterError).toBe(true)
  })

  it("an app's subclass from another copy (e.g. 'server busy') is a CredentialsSignin here", () => {
    class Busy extends other.CredentialsSignin {
      override code = "busy"
    }
    expect(new Busy() instanceof CredentialsSignin).toBe(true)
  })

  it("is recognised only as what it is", () => {
    const refused = new other.CredentialsSignin()
    expect(refused instanceof BadRequest).toBe(false)
    expect(refused instanceof OAuthCallbackError).toBe(false)
    // The root's default type is not a class of its own: no error is a CallbackRouteError by inheritance.
    expect(refused instanceof CallbackRouteError).toBe(false)
    expect(new other.BadRequest(400) instanceof CredentialsSignin).toBe(false)
  })

  it("a look-alike without the brand is no AuthError", () => {
    const fake = Object.assign(new Error("x"), { type: "CredentialsSignin", code: "credentials" })
    expect(fake instanceof AuthError).toBe(false)
    expect(fake instanceof CredentialsSignin).toBe(false)
    expect(Object.create(null) as object instanceof SignInError).toBe(false)
  })
})
