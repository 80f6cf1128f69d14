import { describe, expect, it } from "vitest"
import { frameworkOrigin } from "@/lib/auth/frameworks/shared/origin"

describe("the origin Express and SvelteKit give the core", () => {
  it("is AUTH_URL's origin when AUTH_URL is set, whatever the request says", () => {
    expect(frameworkOrigin({ AUTH_URL: "https://app.example.com/auth" }, "http://127.0.0.1:3000")).toBe("https://app.example.com")
  })

  it("is the framework's own origin without AUTH_URL", () => {
    expect(frameworkOrigin({}, "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000")
    expect(frameworkOrigin({}, "https://shop.example:8443")).toBe("https://shop.example:8443")
  })

  it("ignores an AUTH_URL without an http(s) scheme instead of answering the origin 'null'", () => {
    expect(frameworkOrigin({ AUTH_URL: "localhost:4102" }, "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000")
  })

  it("reads a host that cannot form a URL as localhost, never an error", () => {
    expect(frameworkOrigin({}, "http://bad host")).toBe("http://localhost")
  })
})
