import { describe, expect, it } from "vitest"
import { SignInBusy } from "@/server/accounts/sign-in"
import {
  AccessDenied,
  AuthError,
  BadRequest,
  CallbackRouteError,
  CredentialsRateLimited,
  CredentialsSignin,
  EmailSignInError,
  MissingCSRF,
  reportedErrorType,
  WebAuthnVerificationError,
} from "@/lib/auth/errors"

describe("AuthError cause", () => {
  it("wraps any thrown value as { err } so the log shows the root failure", () => {
    const root = new Error("database is down")
    expect(new AccessDenied("refused", { cause: root }).cause).toEqual({ err: root })
    const fromString = new AccessDenied("refused", { cause: "plain string" }).cause
    expect(fromString?.err).toBeInstanceOf(Error)
    expect(fromString?.err?.message).toBe("plain string")
  })

  it("keeps the extra fields of a cause record and makes its err an Error", () => {
    const cause = new CallbackRouteError("authorize() threw", { cause: { err: 42, provider: "credentials" } }).cause
    expect(cause?.provider).toBe("credentials")
    expect(cause?.err).toBeInstanceOf(Error)
    expect(cause?.err?.message).toBe("42")
  })

  it("has no cause when none is given, and wraps an error passed as the message", () => {
    expect(new AccessDenied("refused").cause).toBeUndefined()
    const root = new Error("boom")
    const wrapped = new AuthError(root)
    expect(wrapped.message).toBe("boom")
    expect(wrapped.cause?.err).toBe(root)
  })
})

describe("error kinds and reported types", () => {
  it("sends sign-in errors to the sign-in page and the rest to the error page", () => {
    expect(CredentialsSignin.kind).toBe("signIn")
    expect(new MissingCSRF().kind).toBe("signIn")
    expect(new AccessDenied().kind).toBe("error")
    expect(new CallbackRouteError().kind).toBe("error")
  })

  it("tells the client a client-safe type by name and anything else as Configuration", () => {
    expect(reportedErrorType(new CredentialsSignin())).toBe("CredentialsSignin")
    expect(reportedErrorType(new CallbackRouteError())).toBe("Configuration")
  })

  it("keeps BadRequest inside the hierarchy with its status", () => {
    const error = new BadRequest(413, "Request body too large.")
    expect(error).toBeInstanceOf(AuthError)
    expect(error.type).toBe("BadRequest")
    expect(error.status).toBe(413)
  })

  it("gives credentials refusals a code that names no credential", () => {
    expect(new CredentialsSignin().code).toBe("credentials")
    expect(new CredentialsRateLimited(60).code).toBe("rate_limited")
    expect(new SignInBusy().code).toBe("busy")
  })
})

describe("one code on every error", () => {
  it("every error class has a static code of its own, and its instances carry it", async () => {
    const errors = await import("@/lib/auth/errors")
    const classes = Object.values(errors).filter(
      (value): value is typeof AuthError => typeof value === "function" && value.prototype instanceof Error,
    )
    expect(classes.length).toBeGreaterThan(30)
    const codes = new Map<string, string>()
    for (const ErrorClass of classes) {
      if (ErrorClass === errors.AuthError || ErrorClass === errors.SignInError) continue
      expect(typeof ErrorClass.code, ErrorClass.name).toBe("string")
      expect(codes.get(ErrorClass.code), `${ErrorClass.name} repeats ${codes.get(ErrorClass.code)}'s code`).toBeUndefined()
      codes.set(ErrorClass.code, ErrorClass.name)
    }
    expect(new errors.AccessDenied().code).toBe("access_denied")
    expect(new errors.DatabaseUnavailable().code).toBe("database_unavailable")
    expect(new errors.BadRequest(400).code).toBe("bad_request")
  })

  it("the kinds that say why narrow the code per instance; the type stays the Auth.js name", () => {
    const webauthn = new WebAuthnVerificationError("counter")
    expect(webauthn.code).toBe("counter")
    expect(webauthn.type).toBe("WebAuthnVerificationError")
    expect(new EmailSignInError().withCode("invalid_email").code).toBe("invalid_email")
    expect(new EmailSignInError().code).toBe("send_failed")
    expect(new CredentialsRateLimited(5).type).toBe("CredentialsSignin")
  })
})
