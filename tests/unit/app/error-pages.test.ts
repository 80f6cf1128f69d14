/**
 * The app's error boundaries (app/error.tsx, app/global-error.tsx) as the
 * server renders them: the app's notice with a retry and a way home, the
 * digest that matches the server log, and never the error's message or stack.
 * (The 404 page is checked in a real browser: tests/e2e/error-pages.spec.ts.)
 */
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import ErrorPage from "@/app/error"
import GlobalError from "@/app/global-error"

function failure(): Error & { digest?: string } {
  const error: Error & { digest?: string } = new Error("connect ECONNREFUSED 10.0.0.5:5432 password=hunter2")
  error.stack = `${error.message}\n    at query (/srv/app/lib/db/client.ts:42:7)`
  error.digest = "3141592653"
  return error
}

function expectNoInternals(markup: string): void {
  expect(markup).not.toContain("ECONNREFUSED")
  expect(markup).not.toContain("hunter2")
  expect(markup).not.toContain("/srv/app")
  expect(markup).not.toContain("client.ts")
}

describe("error pages", () => {
  it("app/error.tsx shows the app's notice, the digest, a retry and a link home, and no internals", () => {
    const markup = renderToStaticMarkup(createElement(ErrorPage, { error: failure(), reset: () => {} }))
    expect(markup).toContain("Something went wrong")
    expect(markup).toContain('role="alert"')
    expect(markup).toContain(">3141592653</code>")
    expect(markup).toMatch(/<button type="button"[^>]*>Try again<\/button>/)
    expect(markup).toMatch(/<a [^>]*href="\/"[^>]*>Back to the home page<\/a>/)
    expectNoInternals(markup)
  })

  it("leaves the reference out when the error has no digest (an error in the browser)", () => {
    const error = failure()
    delete error.digest
    const markup = renderToStaticMarkup(createElement(ErrorPage, { error, reset: () => {} }))
    expect(markup).not.toContain("Reference")
    expectNoInternals(markup)
  })

  it("app/global-error.tsx renders a whole document with the app's header and the same notice", () => {
    const markup = renderToStaticMarkup(createElement(GlobalError, { error: failure() }))
    expect(markup).toMatch(/^<html lang="en">/)
    expect(markup).toContain("<title>Something went wrong · Next.js Auth Starter</title>")
    expect(markup).toContain(">Auth Starter</a>")
    expect(markup).toContain("Something went wrong")
    expect(markup).toContain(">3141592653</code>")
    expectNoInternals(markup)
  })
})
