/**
 * The auth routes' base path is set in one place (auth.ts `basePath`, or the
 * path of AUTH_URL): the app's links and redirects follow it, and no page
 * spells out /api/auth by hand.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { afterEach, describe, expect, it, vi } from "vitest"
import { resolveBasePath } from "@/lib/auth/next"

const root = path.resolve(__dirname, "../../..")

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

const savedAuthUrl = process.env.AUTH_URL
afterEach(() => {
  if (savedAuthUrl === undefined) delete process.env.AUTH_URL
  else process.env.AUTH_URL = savedAuthUrl
  vi.resetModules()
})

describe("resolveBasePath", () => {
  it("takes config.basePath first, then the path of AUTH_URL, then /api/auth", () => {
    expect(resolveBasePath({ basePath: "/auth/" }, { AUTH_URL: "https://x.example/other" })).toBe("/auth")
    expect(resolveBasePath({}, { AUTH_URL: "https://x.example/custom/auth" })).toBe("/custom/auth")
    expect(resolveBasePath({}, { AUTH_URL: "https://x.example" })).toBe("/api/auth")
    expect(resolveBasePath({}, {})).toBe("/api/auth")
  })
})

describe("the app's links to the auth routes", () => {
  it("follow the path of AUTH_URL", async () => {
    process.env.AUTH_URL = "https://app.example.com/custom/auth"
    vi.resetModules()
    const app = await import("@/auth")
    expect(app.authBasePath).toBe("/custom/auth")
    expect(app.signInPath()).toBe("/custom/auth/signin")
    expect(app.signInPath("/dashboard")).toBe("/custom/auth/signin?callbackUrl=%2Fdashboard")
  })

  it("default to /api/auth, where the route handler lives", async () => {
    delete process.env.AUTH_URL
    vi.resetModules()
    const app = await import("@/auth")
    expect(app.signInPath("/settings")).toBe("/api/auth/signin?callbackUrl=%2Fsettings")
    expect(sourceFiles("app")).toContain(path.join("app", "api", "auth", "[...nextauth]", "route.ts"))
  })

  it("are never written out by hand in pages or components", () => {
    const offenders = [...sourceFiles("app"), ...sourceFiles("components")].filter((file) =>
      readFileSync(path.join(root, file), "utf8").includes("/api/auth"),
    )
    expect(offenders).toEqual([])
  })
})
