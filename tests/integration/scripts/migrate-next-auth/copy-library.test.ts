/**
 * `npm run migrate:next-auth -- <app>` copies the starter's library into a next-auth v5 app
 * (scripts/migrate-next-auth/copy-library.ts) before the codemod rewrites it: one database
 * provider's files and packages, no Express or SvelteKit layer, instrumentation.ts merged, the
 * app's package.json updated, one Prisma client generated. The moved app sits two folders below
 * the starter (test-results/…), so its packages resolve from the starter's node_modules, where
 * next-auth is not installed: `tsc --noEmit` in it proves nothing still needs next-auth and that
 * the copy is complete without the starter's other folders.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"
import { PROJECT_ROOT } from "@/lib/db/layout"
import { runBin } from "@/tests/helpers/run"
import { writeNextAuthApp } from "./next-auth-app"

vi.setConfig({ testTimeout: 600_000 })

const PARENT = path.join(PROJECT_ROOT, "test-results")
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

function newApp(): string {
  mkdirSync(PARENT, { recursive: true })
  const dir = mkdtempSync(path.join(PARENT, "next-auth-copy-"))
  made.push(dir)
  writeNextAuthApp(dir)
  return dir
}

const starter = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }
const pinned = (name: string) => starter.dependencies[name] ?? starter.devDependencies[name]
const packageJson = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; overrides?: Record<string, Record<string, string>> }
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8")
const has = (dir: string, file: string) => existsSync(path.join(dir, file))

function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[path.relative(root, path.join(entry.parentPath, entry.name))] = readFileSync(path.join(entry.parentPath, entry.name), "utf8")
  }
  return files
}

const move = (dir: string, ...flags: string[]) => runBin("tsx", ["scripts/migrate-next-auth/main.ts", dir, ...flags], {}, 300_000)

describe("migrate:next-auth copies the library into the app", () => {
  it("moves a next-auth app on Prisma and SQLite to one that compiles against the copied files alone", async () => {
    const dir = newApp()
    const oldSchema = read(dir, "prisma/schema.prisma")
    const run = await move(dir)
    expect(run.stderr).toBe("")
    expect([0, 2]).toContain(run.code)
    expect(run.stdout).toContain(`database: sqlite (datasource provider "sqlite" in prisma/schema.prisma)`)
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe(`Next, in ${dir}: npm install`)

    // The library without the other frameworks' layers; one provider's client module, schema and config.
    expect(has(dir, "lib/auth/next/index.ts") && has(dir, "lib/auth/adapters/prisma/index.ts")).toBe(true)
    expect(has(dir, "lib/auth/express") || has(dir, "lib/auth/sveltekit")).toBe(false)
    expect(readdirSync(path.join(dir, "lib/db")).sort()).toEqual(["client.ts", "url.ts"])
    expect(read(dir, "lib/db/client.ts")).toContain(`from "../generated/prisma/sqlite/client"`)
    expect(read(dir, "lib/db/client.ts")).not.toMatch(/prisma\/postgres|adapter-pg/)
    expect(has(dir, "lib/generated/prisma/sqlite/client.ts")).toBe(true)
    expect(has(dir, "lib/generated/prisma/postgres")).toBe(false)
    expect(read(dir, "prisma/schema.prisma")).toBe(read(PROJECT_ROOT, "prisma/schema.prisma"))
    expect(read(dir, "prisma/schema.prisma.before-move")).toBe(oldSchema)
    expect(read(dir, "prisma.config.ts")).not.toContain("prisma-schema-engine")
    expect(read(dir, "prisma/next-auth-upgrade/sqlite/migration.sql")).toBe(read(PROJECT_ROOT, "prisma/next-auth-upgrade/sqlite/migration.sql"))
    expect(has(dir, "prisma/postgres") || has(dir, "prisma/next-auth-upgrade/postgresql") || has(dir, "scripts")).toBe(false)

    // instrumentation.ts: the app's own start-up work kept, the library's called first.
    const instrumentation = read(dir, "instrumentation.ts")
    expect(instrumentation).toContain(`import { registerAuthStartup } from "./auth-startup"`)
    expect(instrumentation).toMatch(/export async function register\(\): Promise<void> \{\s+await registerAuthStartup\(\)\s+console\.log\("my-next-auth-app starting"\)/)
    expect(read(dir, "auth-startup.ts")).toContain(`import("./lib/auth/next/instrumentation")`)

    // package.json: next-auth and the replaced adapter out, the copied files' packages in at the starter's versions.
    const { dependencies, devDependencies, overrides } = packageJson(dir)
    const runtime = ["@node-saml/node-saml", "@prisma/adapter-better-sqlite3", "@prisma/client", "@simplewebauthn/browser", "@simplewebauthn/server", "better-sqlite3", "jose", "lru-cache", "nodemailer", "oauth4webapi", "otpauth", "uqr"]
    expect(dependencies).toEqual({ next: "16.4.6", react: "19.3.1", "react-dom": "19.3.1", ...Object.fromEntries(runtime.map((name) => [name, pinned(name)])) })
    expect(devDependencies).toEqual({ "@types/better-sqlite3": pinned("@types/better-sqlite3"), "@types/node": "^20", "@types/react": "^19", prisma: pinned("prisma"), typescript: "^5" })
    expect(overrides).toBeUndefined()
    expect(run.stdout).toContain(`  + @prisma/client@${pinned("@prisma/client")} (was ^6.16.0)`)
    expect(run.stdout).toContain(`prisma.ts: imports @prisma/client, the client of the app's old schema`)

    // What the run reported by hand, done: the app's client module onto the starter's client.
    writeFileSync(path.join(dir, "prisma.ts"), `export { prisma } from "@/lib/db/client"\n`)
    const tsc = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", dir], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 })
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("")
    expect(tsc.status).toBe(0)

    // A second run changes nothing.
    const before = snapshot(dir)
    const again = await move(dir)
    expect(again.stderr).toBe("")
    expect(snapshot(dir)).toEqual(before)
  })

  it("copies PostgreSQL's schema, client and packages only with --database postgresql, and --dry-run writes nothing", async () => {
    const dir = newApp()
    const untouched = snapshot(dir)
    const dry = await move(dir, "--database", "postgresql", "--dry-run")
    expect(dry.stderr).toBe("")
    expect(snapshot(dir)).toEqual(untouched)
    expect(dry.stdout).toContain("Library copied into")
    expect(dry.stdout).toContain("(dry run: nothing written)")
    expect(dry.stdout).toContain("  prisma/postgres/schema.prisma  new")
    expect(dry.stdout).toContain("  - @auth/prisma-adapter")
    expect(dry.stdout).toContain("prisma generate --schema prisma/postgres/schema.prisma (the starter's CLI; only this provider's client), not run")

    const run = await move(dir, "--database", "postgresql")
    expect(run.stderr).toBe("")
    expect(run.stdout).toContain("database: postgresql (--database)")
    expect(read(dir, "prisma/postgres/schema.prisma")).toBe(read(PROJECT_ROOT, "prisma/postgres/schema.prisma"))
    expect(has(dir, "prisma/postgres/prisma.config.ts") && has(dir, "prisma/next-auth-upgrade/postgresql/migration.sql")).toBe(true)
    // The app's old schema is set aside so that nothing generates its client any more.
    expect(has(dir, "prisma/schema.prisma")).toBe(false)
    expect(has(dir, "prisma/schema.prisma.before-move")).toBe(true)
    expect(has(dir, "lib/generated/prisma/postgres/client.ts")).toBe(true)
    expect(has(dir, "lib/generated/prisma/sqlite")).toBe(false)
    expect(read(dir, "lib/db/client.ts")).toContain(`from "../generated/prisma/postgres/client"`)
    const { dependencies } = packageJson(dir)
    expect(dependencies["@prisma/adapter-pg"]).toBe(pinned("@prisma/adapter-pg"))
    expect(dependencies["@prisma/adapter-better-sqlite3"]).toBeUndefined()
    expect(dependencies.ioredis ?? dependencies.express ?? dependencies["@sveltejs/kit"] ?? dependencies["next-auth"]).toBeUndefined()
  })

  it("gives an app on another Auth.js adapter no database layer and keeps the adapter", async () => {
    const dir = newApp()
    for (const file of ["prisma", "prisma.ts", ".env"]) rmSync(path.join(dir, file), { recursive: true })
    writeFileSync(
      path.join(dir, "auth.ts"),
      read(dir, "auth.ts")
        .replace(`import { PrismaAdapter } from "@auth/prisma-adapter"`, `import { UnstorageAdapter } from "@auth/unstorage-adapter"\nimport { createStorage } from "unstorage"`)
        .replace(`import { prisma } from "@/prisma"\n`, "")
        .replace("PrismaAdapter(prisma)", "UnstorageAdapter(createStorage())"),
    )
    const app = packageJson(dir)
    delete app.dependencies["@auth/prisma-adapter"]
    delete app.dependencies["@prisma/client"]
    delete app.devDependencies.prisma
    Object.assign(app.dependencies, { "@auth/unstorage-adapter": "^2.11.0", unstorage: "^1.17.0" })
    writeFileSync(path.join(dir, "package.json"), JSON.stringify(app, null, 2))

    const run = await move(dir)
    expect(run.stderr).toBe("")
    expect(run.stdout).toContain("database: none")
    expect(has(dir, "lib/auth/next/index.ts")).toBe(true)
    expect(has(dir, "lib/auth/adapters/prisma") || has(dir, "lib/db") || has(dir, "lib/generated") || has(dir, "prisma")).toBe(false)
    const { dependencies, overrides } = packageJson(dir)
    expect(dependencies["@auth/unstorage-adapter"]).toBe("^2.11.0")
    expect(Object.keys(dependencies).filter((name) => /prisma|sqlite|^pg$|next-auth/.test(name))).toEqual([])
    // npm nests the adapter's @auth/core with its own optional peers: nothing to override.
    expect(overrides).toBeUndefined()
  })

  it("refuses, writing nothing, an app whose lib/auth.ts would shadow the library or whose database it cannot tell", async () => {
    const shadowed = newApp()
    mkdirSync(path.join(shadowed, "lib"))
    writeFileSync(path.join(shadowed, "lib/auth.ts"), "export const mine = 1\n")
    const before = snapshot(shadowed)
    const refused = await move(shadowed)
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(`error: lib/auth.ts would shadow the library's folder lib/auth/ (imports of "@/lib/auth" resolve to it): rename it first`)
    expect(snapshot(shadowed)).toEqual(before)

    const unknown = newApp()
    for (const file of ["prisma", ".env"]) rmSync(path.join(unknown, file), { recursive: true })
    const asked = await move(unknown)
    expect(asked.code).toBe(1)
    expect(asked.stderr.trim()).toBe("error: the app depends on @prisma/client but has no Prisma schema or DATABASE_URL to tell its database: pass --database sqlite or --database postgresql")
    expect(has(unknown, "lib/auth")).toBe(false)
  })
})
