// The middleware rewrite: the guard reads database sessions, so middleware.ts runs on Node.js.
import { describe, expect, it, vi } from "vitest"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"
import { writeApp } from "./fixture-app"

vi.setConfig({ testTimeout: 180_000 })

describe("migrate:next-auth middleware.ts", () => {
  it("adds runtime: \"nodejs\" to the documented middleware's config, and turns edge into nodejs", async () => {
    const documented = writeApp({
      "middleware.ts": `export { auth as middleware } from "@/auth"\n\nexport const config = {\n  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],\n}\n`,
    })
    const edge = writeApp({
      "src/middleware.ts": `import NextAuth from "next-auth"\nexport const { auth: middleware } = NextAuth({ providers: [] })\nexport const config = { runtime: "edge", matcher: ["/dashboard"] }\n`,
    })
    const bare = writeApp({ "middleware.ts": `export { auth as middleware } from "./auth"\n` })
    await migrateNextAuthApp(documented.dir)
    await migrateNextAuthApp(edge.dir)
    const report = await migrateNextAuthApp(bare.dir)

    expect(documented.read("middleware.ts")).toContain(`export const config = {\n  runtime: "nodejs",\n  matcher: [`)
    expect(edge.read("src/middleware.ts")).toContain(`export const config = { runtime: "nodejs", matcher: ["/dashboard"] }`)
    expect(bare.read("middleware.ts")).toContain(`export const config = { runtime: "nodejs" }`)
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "changed", file: "middleware.ts", message: expect.stringContaining("runtime") }))
  })

  it("leaves a middleware without auth, and one already on nodejs, as they are", async () => {
    const files = {
      "middleware.ts": `import { NextResponse } from "next/server"\nexport function middleware() { return NextResponse.next() }\n`,
    }
    const plain = writeApp(files)
    const already = writeApp({ "middleware.ts": `export { auth as middleware } from "@/auth"\nexport const config = { runtime: "nodejs" }\n` })
    const reports = [await migrateNextAuthApp(plain.dir), await migrateNextAuthApp(already.dir)]
    expect(plain.read("middleware.ts")).toBe(files["middleware.ts"])
    expect(reports.map((r) => r.changedFiles)).toEqual([[], []])
  })
})
