/**
 * What the middleware's matcher covers, compiled the way Next.js compiles it:
 * every page of the app, and every route handler but the few that guard
 * themselves or belong to the library. A new route handler is under the
 * guard unless someone decides otherwise here.
 */
import { readdirSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { config } from "@/middleware"

const root = path.resolve(__dirname, "../../..")

// Next.js's own compiler of `config.matcher` (exported but left out of its type declarations).
const { getMiddlewareMatchers } = createRequire(import.meta.url)("next/dist/build/analysis/get-page-static-info") as {
  getMiddlewareMatchers(matcher: string[], nextConfig: object): { regexp: string }[]
}
const matchers = getMiddlewareMatchers(config.matcher, {}).map((matcher) => new RegExp(matcher.regexp))
const runsMiddleware = (pathname: string) => matchers.some((regexp) => regexp.test(pathname))

/** The URL of an app/ page or route file: route groups dropped, dynamic segments filled in. */
function urlOf(file: string): string {
  const segments = path
    .dirname(path.relative(path.join(root, "app"), file))
    .split(path.sep)
    .filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment))
    .map((segment) => (segment.startsWith("[...") ? "a/b" : segment.startsWith("[") ? "x" : segment))
  return `/${segments.join("/")}`
}

function appFiles(name: "page.tsx" | "route.ts"): string[] {
  return readdirSync(path.join(root, "app"), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === name)
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * Route handlers the middleware skips, and why each is still safe. /api/me is
 * wrapped in `auth()`, which runs the same `authorized` verdict (its 401 for a
 * signed-out request is tests/e2e/auth.spec.ts's).
 */
const OUTSIDE_THE_MIDDLEWARE: Record<string, string> = {
  "/api/auth/a/b": "the library's own routes: never guarded, they read the session themselves",
  "/api/auth/session": "the library's session endpoint, served by a static segment beside the catch-all",
  "/api/me": "wrapped in auth(): the route runs the authorized callback itself",
  "/api/bench/bare": "bench:http's ceiling: a constant {} that reads nothing",
}

describe("the middleware matcher", () => {
  it.each(appFiles("page.tsx").map(urlOf))("runs the guard on the page %s", (url) => {
    expect(runsMiddleware(url)).toBe(true)
  })

  it.each(appFiles("route.ts").map(urlOf))("runs the guard on the route %s unless it is listed as guarding itself", (url) => {
    expect(runsMiddleware(url)).toBe(!(url in OUTSIDE_THE_MIDDLEWARE))
  })

  it("lists no route that the app does not have", () => {
    const routes = appFiles("route.ts").map(urlOf)
    expect(Object.keys(OUTSIDE_THE_MIDDLEWARE).filter((url) => !routes.includes(url))).toEqual([])
  })

  it("guards a route that merely starts like a skipped one, or sits below it", () => {
    for (const url of ["/api/meter", "/api/me/tokens", "/api/authors", "/api/bench/bare/x", "/api/other"]) {
      expect(runsMiddleware(url), url).toBe(true)
    }
  })

  it("skips the auth routes and static files, but not a path that only contains a dot", () => {
    for (const url of ["/api/auth/session", "/api/auth/callback/oidc", "/favicon.svg", "/_next/static/chunks/a.js", "/logo.png"]) {
      expect(runsMiddleware(url), url).toBe(false)
    }
    expect(runsMiddleware("/verify/jane@example.com")).toBe(true)
  })
})
