import { describe, expect, it } from "vitest"
import { decodeFlash, encodeFlash } from "@/server/flash-cookie"

describe("the flash cookie a server action leaves for the next page", () => {
  it("carries the message and its kind across the redirect", () => {
    expect(decodeFlash(encodeFlash({ message: "Role changed", kind: "success" }))).toEqual({ message: "Role changed", kind: "success" })
  })

  it("keeps a toast to one short sentence however long the text it was given", () => {
    const flash = decodeFlash(encodeFlash({ message: "x".repeat(5000), kind: "info" }))
    expect(flash?.message).toHaveLength(200)
  })

  it("reads a cookie someone else wrote as no message, never as markup or a crash", () => {
    expect(decodeFlash("%7B%22m%22%3A1%7D")).toBeNull()
    expect(decodeFlash("not json")).toBeNull()
    expect(decodeFlash("%E0%A4%A")).toBeNull()
    expect(decodeFlash(undefined)).toBeNull()
    expect(decodeFlash(encodeURIComponent(JSON.stringify({ m: "<img src=x>", k: "evil" })))).toEqual({ message: "<img src=x>", kind: "info" })
  })
})
