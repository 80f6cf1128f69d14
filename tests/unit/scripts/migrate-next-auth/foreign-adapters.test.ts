// A kept Auth.js adapter: wrapped in authJsAdapter() so that it type-checks as the configuration's
// adapter, and a schema-upgrade note only for an adapter that keeps SQL tables.
import { describe, expect, it, vi } from "vitest"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"
import { writeApp } from "./fixture-app"

vi.setConfig({ testTimeout: 180_000 })

const notes = (report: Awaited<ReturnType<typeof migrateNextAuthApp>>) => report.findings.filter((f) => f.kind === "note").map((f) => `${f.file}:${f.line} ${f.message}`)

describe("migrate:next-auth kept adapters", () => {
  it("wraps each kept adapter factory call in authJsAdapter(), imports it once, and does nothing on a second run", async () => {
    const app = writeApp({
      "auth.ts": [
        `import NextAuth from "next-auth"`,
        `import { UnstorageAdapter } from "@auth/unstorage-adapter"`,
        `import { DrizzleAdapter as Drizzle } from "@auth/drizzle-adapter"`,
        `import { createStorage } from "unstorage"`,
        `import { db } from "./db"`,
        ``,
        `const storage = createStorage()`,
        `export const backup = Drizzle(db)`,
        `export const { handlers, auth } = NextAuth({ adapter: UnstorageAdapter(storage), providers: [] })`,
        ``,
      ].join("\n"),
      "db.ts": `export const db = {}\n`,
    })
    const first = await migrateNextAuthApp(app.dir)
    const text = app.read("auth.ts")
    expect(text).toContain(`import { UnstorageAdapter } from "@auth/unstorage-adapter"\nimport { authJsAdapter } from "@/lib/auth"\n`)
    expect(text).toContain(`export const backup = authJsAdapter(Drizzle(db))`)
    expect(text).toContain(`NextAuth({ adapter: authJsAdapter(UnstorageAdapter(storage)), providers: [] })`)
    expect(first.findings.filter((f) => f.kind === "changed").map((f) => f.message)).toEqual(
      expect.arrayContaining(["UnstorageAdapter(storage) → authJsAdapter(UnstorageAdapter(storage))", "Drizzle(db) → authJsAdapter(Drizzle(db))"]),
    )
    const second = await migrateNextAuthApp(app.dir)
    expect(app.read("auth.ts")).toBe(text)
    expect(second.findings.filter((f) => f.kind === "changed")).toEqual([])
  })

  it("adds authJsAdapter to an existing import of the core and keeps a file without semicolons without them", async () => {
    const app = writeApp({
      "auth.ts": [
        `import NextAuth from "next-auth";`,
        `import { AuthError } from "next-auth";`,
        `import { KyselyAdapter } from "@auth/kysely-adapter";`,
        `export const { auth } = NextAuth({ adapter: KyselyAdapter({}), providers: [] });`,
        `export { AuthError };`,
        ``,
      ].join("\n"),
    })
    await migrateNextAuthApp(app.dir)
    expect(app.read("auth.ts")).toContain(`import { AuthError, authJsAdapter } from "@/lib/auth";`)
    expect(app.read("auth.ts").match(/authJsAdapter/g)).toHaveLength(2)
  })

  it("notes the schema upgrade for an adapter with SQL tables only", async () => {
    const app = writeApp({
      "tables.ts": `import { DrizzleAdapter } from "@auth/drizzle-adapter"\nexport const a = DrizzleAdapter({})\n`,
      "records.ts": `import { UpstashRedisAdapter } from "@auth/upstash-redis-adapter"\nexport const a = UpstashRedisAdapter({})\n`,
      "unknown.ts": `import { SomeAdapter } from "@auth/some-new-adapter"\nexport const a = SomeAdapter({})\n`,
      "prisma.ts": `import { PrismaAdapter } from "@auth/prisma-adapter"\nexport const a = PrismaAdapter({})\n`,
    })
    const report = await migrateNextAuthApp(app.dir)
    const upgrade = "docs/migrating-from-next-auth.md#4-the-database-one-migration"
    const byFile = (file: string) => notes(report).filter((n) => n.startsWith(`${file}:`))
    expect(byFile("tables.ts")).toEqual([expect.stringContaining(`its tables need the schema upgrade (${upgrade})`)])
    expect(byFile("records.ts")).toEqual([expect.stringContaining("it stores whole records, so there is no schema to upgrade")])
    expect(byFile("records.ts")[0]).not.toContain(upgrade)
    expect(byFile("unknown.ts")).toEqual([expect.stringContaining(`if it keeps Auth.js's tables in SQL, they need the schema upgrade (${upgrade})`)])
    // Ours replaces Auth.js's Prisma adapter and reads the starter's schema: the upgrade comes first.
    expect(byFile("prisma.ts")).toEqual([expect.stringContaining(`upgrade the database first (${upgrade})`)])
    expect(app.read("prisma.ts")).not.toContain("authJsAdapter")
  })
})
