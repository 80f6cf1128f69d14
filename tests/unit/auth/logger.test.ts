import { afterEach, describe, expect, it, vi } from "vitest"
import { AdapterError } from "@/lib/auth/errors"
import { createLogger } from "@/lib/auth/logger"

afterEach(() => vi.restoreAllMocks())

describe("createLogger", () => {
  it("passes code and message to the custom levels", () => {
    const seen: unknown[][] = []
    const logger = createLogger({ error: (...args) => void seen.push(args), warn: (...args) => void seen.push(args) }, false)
    const error = new AdapterError("The adapter's getUser failed")
    logger.error(error.type, error)
    logger.warn("weak-secret")
    expect(seen).toEqual([["AdapterError", error], ["weak-secret"]])
  })

  it("falls back to the built-in level for every level the custom logger leaves out", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {})
    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    const logger = createLogger({ debug: () => {} }, false)
    logger.warn("weak-secret")
    logger.error("AdapterError", new AdapterError("failed", { cause: new Error("SQLITE_BUSY") }))
    expect(warn).toHaveBeenCalledOnce()
    expect(String(warn.mock.calls[0]?.[0])).toContain("[auth][warn][weak-secret]")
    const printed = String(error.mock.calls[0]?.[0])
    expect(printed).toContain("[auth][error] AdapterError: failed")
    expect(printed).toContain("SQLITE_BUSY")
  })

  it("a cause's short codes (an OAuth server's error, a code, a status) follow its first line: a production build's minified class names say nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {})
    // What oauth4webapi's ResponseBodyError prints after `next build` minified its class name.
    const minified = Object.assign(new Error("server responded with an error in the response body"), { name: "me", code: "OAUTH_RESPONSE_BODY_ERROR", error: "invalid_grant", status: 400 })
    // A value that is not a short code (the service's own sentence, a newline to forge a log line) is left out.
    const chatty = Object.assign(new Error("inner"), { code: "line one\n[auth][error] forged", error: { nested: true } })
    minified.cause = chatty
    createLogger(undefined, false).error("OAuthCallbackError", new AdapterError("The code could not be exchanged for tokens", { cause: minified }))
    const printed = String(error.mock.calls[0]?.[0])
    expect(printed).toContain("\n[auth][cause]: me: server responded with an error in the response body (code=OAUTH_RESPONSE_BODY_ERROR, error=invalid_grant, status=400)\n")
    expect(printed).toContain("\n[auth][cause]: Error: inner\n")
    expect(printed).not.toContain("forged")
  })

  it("prints debug output only with debug: true and no custom logger", () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {})
    createLogger(undefined, false).debug("adapter_getUser", { args: [] })
    expect(debug).not.toHaveBeenCalled()
    createLogger(undefined, true).debug("adapter_getUser", { args: [] })
    expect(debug).toHaveBeenCalledWith("[auth][debug][adapter_getUser]", { args: [] })
    debug.mockClear()
    // debug: true is ignored when the app brings its own logger, even one without a debug level.
    createLogger({ error: () => {} }, true).debug("adapter_getUser")
    expect(debug).not.toHaveBeenCalled()
  })
})
