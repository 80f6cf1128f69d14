// bench:http's reference app is assembled from the plain next-auth app and the mirrored pages: the
// plain app must stay what the move test copies, and the assembled one must build only when a
// source changed (timestamps kept) and never keep a file the sources no longer have.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { assembleFreeAuthApp, assembleMirrorApp, FREE_AUTH_OVERLAY, MIRROR_OVERLAY, NEXT_AUTH_APP } from "../../../bench/lib/next-auth-mirror"

const DASHBOARD = path.join("app", "(protected)", "dashboard", "page.tsx")
const made: string[] = []
function target(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mirror-app-"))
  made.push(dir)
  return path.join(dir, "app")
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe("the reference app's assembly", () => {
  it("lays the mirrored pages over the plain next-auth app and leaves the plain app as it was", () => {
    const plainDashboard = readFileSync(path.join(NEXT_AUTH_APP, DASHBOARD), "utf8")
    const into = assembleMirrorApp(target())
    expect(readFileSync(path.join(into, DASHBOARD), "utf8")).toBe(readFileSync(path.join(MIRROR_OVERLAY, DASHBOARD), "utf8"))
    expect(readFileSync(path.join(into, DASHBOARD), "utf8")).not.toBe(plainDashboard)
    // What the overlay does not replace comes from the plain app.
    expect(readFileSync(path.join(into, "middleware.ts"), "utf8")).toBe(readFileSync(path.join(NEXT_AUTH_APP, "middleware.ts"), "utf8"))
    expect(readFileSync(path.join(NEXT_AUTH_APP, DASHBOARD), "utf8")).toBe(plainDashboard)
    // The plain app reads no organization table: the move test's next-auth app has none.
    expect(plainDashboard).not.toMatch(/Member|Organization/)
  })

  it("keeps each file's modification time, so an unchanged source never looks newer than the build", () => {
    const into = assembleMirrorApp(target())
    // Copies keep the time to the millisecond.
    const drift = (copy: string, source: string) => Math.abs(statSync(source).mtimeMs - statSync(copy).mtimeMs)
    expect(drift(path.join(into, DASHBOARD), path.join(MIRROR_OVERLAY, DASHBOARD))).toBeLessThan(1)
    expect(drift(path.join(into, "middleware.ts"), path.join(NEXT_AUTH_APP, "middleware.ts"))).toBeLessThan(1)
  })

  it("reaches the plain app's dependencies through a link and keeps the build across assemblies", () => {
    const into = target()
    mkdirSync(path.join(into, ".next"), { recursive: true })
    writeFileSync(path.join(into, ".next", "BUILD_ID"), "earlier build")
    writeFileSync(path.join(into, "left-over.ts"), "export {}")
    assembleMirrorApp(into)
    assembleMirrorApp(into)
    expect(lstatSync(path.join(into, "node_modules")).isSymbolicLink()).toBe(true)
    // The plain app's node_modules exists only once bench:http has installed it: the link is checked by where it points.
    expect(path.resolve(into, readlinkSync(path.join(into, "node_modules")))).toBe(path.join(NEXT_AUTH_APP, "node_modules"))
    expect(readFileSync(path.join(into, ".next", "BUILD_ID"), "utf8")).toBe("earlier build")
    expect(existsSync(path.join(into, "left-over.ts"))).toBe(false)
  })

  it("the bound's app renders the mirrored pages on the free library, with nothing of next-auth's left in its auth", () => {
    const into = assembleFreeAuthApp(target())
    // The same pages as the reference app...
    expect(readFileSync(path.join(into, DASHBOARD), "utf8")).toBe(readFileSync(path.join(MIRROR_OVERLAY, DASHBOARD), "utf8"))
    // ...on the free library's auth, guard and session route, which never load next-auth.
    for (const file of ["auth.ts", "middleware.ts", path.join("app", "api", "me", "route.ts")]) {
      const assembled = readFileSync(path.join(into, file), "utf8")
      expect(assembled).toBe(readFileSync(path.join(FREE_AUTH_OVERLAY, file), "utf8"))
      expect(assembled).not.toMatch(/from "next-auth/)
    }
  })
})
