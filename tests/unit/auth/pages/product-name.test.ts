/**
 * The built-in pages name the product (theme.name, the app's APP_NAME) where
 * they used to show the host: the way home and the browser tab.
 */
import { describe, expect, it } from "vitest"

import { renderErrorPage, renderVerifyRequestPage } from "@/lib/auth/pages"
import { BASE, ORIGIN, titleOf } from "./fixtures"

const named = { colorScheme: "light", name: "Acme Books" } as const
const homeLink = new RegExp(`<a[^>]*href="${ORIGIN}"[^>]*>[^<]*Acme Books[^<]*</a>`)

describe("built-in pages with a product name", () => {
  it("the error page's way home and its tab say the product's name, not the host", () => {
    const page = renderErrorPage({ signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: named })
    expect(page.html).toMatch(homeLink)
    expect(page.html).not.toContain("localhost:3000<")
    expect(titleOf(page.html)).toBe("Error · Acme Books")
  })

  it("Check your email links home by the product's name", () => {
    const page = renderVerifyRequestPage({ homeUrl: ORIGIN, theme: named })
    expect(page.html).toMatch(homeLink)
    expect(titleOf(page.html)).toMatch(/ · Acme Books$/)
  })

  it("without a name, the host stays (the library alone, or the Express and SvelteKit examples)", () => {
    const page = renderErrorPage({ signinUrl: `${BASE}/signin`, homeUrl: ORIGIN, theme: { colorScheme: "light" } })
    expect(page.html).toContain("localhost:3000")
    expect(titleOf(page.html)).toBe("Error")
  })
})
