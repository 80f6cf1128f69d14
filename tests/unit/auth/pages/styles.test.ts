/**
 * Theme colours reach the stylesheet only as CSS colour values.
 */
import { describe, expect, it } from "vitest"

import { cssColor } from "@/lib/auth/pages"

describe("cssColor", () => {
  it.each([
    "#abc", "#ABCD", "#aabbcc", "#aabbcc80", "rgb(1 2 3)", "rgb(1, 2, 3)", "rgba(1,2,3,0.5)", "rgb(10% 20% 30% / 50%)",
    "hsl(200deg 50% 40% / .5)", "hsla(200, 50%, 40%, 1)", "oklch(0.6 0.2 250)", "lab(50 20 -30)", "red", "RebeccaPurple", "transparent",
  ])("accepts %s", (value) => {
    // Named colours come back lower-cased; everything else unchanged.
    expect(cssColor(value)).toBe(/^[a-z]+$/i.test(value) ? value.toLowerCase() : value)
  })

  it.each([
    "", "#ggg", "#abcde", "rgb(1,2)", "rgb(1 2 3 4 5)", "rgb(calc(1) 2 3)", "var(--x)", "url(x.png)", "expression(alert(1))",
    "notacolour", "red; background: url(//evil.test)", "red}</style><script>", "#fff;", "rgb(1 2 3);x:y", "a".repeat(80),
  ])("rejects %j", (value) => {
    expect(cssColor(value)).toBeUndefined()
  })

  it("rejects non-strings", () => {
    expect(cssColor(undefined)).toBeUndefined()
    expect(cssColor(0xffffff)).toBeUndefined()
    expect(cssColor({ toString: () => "red" })).toBeUndefined()
  })
})
