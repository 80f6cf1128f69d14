// The codemod on copies of next-auth apps of the kinds people move (tests/fixtures/next-auth-apps):
// the official example with its many providers, unstorage + passkeys under basePath "/auth",
// credentials, email with an in-memory adapter, OIDC, passkeys on Prisma, and a Prisma app. For
// each, what the report says (and its exit code) is what is true, and the rewritten auth.ts
// type-checks against the library.
//
// The copies live in test-results/ beside one copy of the starter's lib/, so that the library's
// packages resolve from the starter's node_modules, as in tests/e2e/next-auth-move/apps.ts.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import path from "node:path"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { exitCode, type Report } from "@/scripts/migrate-next-auth/report"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 })

const ROOT = path.resolve(import.meta.dirname, "../../../..")
const FIXTURES = path.join(ROOT, "tests/fixtures/next-auth-apps")
const WORK = path.join(ROOT, "test-results/codemod-apps")
const GUIDE = "docs/migrating-from-next-auth.md"

/** A fixture app copied as it was before the move (the `.fixture` suffix dropped), with lib/ in place. */
function copyApp(name: string, as = name): string {
  const dir = path.join(WORK, as)
  const copy = (from: string, to: string) => {
    for (const entry of readdirSync(from)) {
      const source = path.join(from, entry)
      const target = path.join(to, entry.replace(/\.fixture$/, ""))
      if (statSync(source).isDirectory()) {
        mkdirSync(target, { recursive: true })
        copy(source, target)
      } else cpSync(source, target)
    }
  }
  mkdirSync(dir, { recursive: true })
  copy(path.join(FIXTURES, name), dir)
  // The guide's step 1: the library copied in (one shared copy, linked).
  symlinkSync("../lib", path.join(dir, "lib"))
  return dir
}

const lines = (report: Report, kind: "manual" | "note" | "changed") =>
  report.findings.filter((f) => f.kind === kind).map((f) => `${f.file}:${f.line} ${f.message}`)

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), "utf8")

const reports = new Map<string, { dir: string; report: Report }>()

async function move(name: string, as = name, edit?: (dir: string) => void) {
  const dir = copyApp(name, as)
  edit?.(dir)
  const report = await migrateNextAuthApp(dir)
  reports.set(as, { dir, report })
  return { dir, report }
}

beforeAll(() => {
  rmSync(WORK, { recursive: true, force: true })
  mkdirSync(WORK, { recursive: true })
  cpSync(path.join(ROOT, "lib"), path.join(WORK, "lib"), { recursive: true })
})

describe("migrate:next-auth on real-world apps", () => {
  it("the official next-auth example: rewritten, the adapter wrapped, and the by-hand work named (exit 2)", async () => {
    const { dir, report } = await move("next-auth-example")
    const auth = read(dir, "auth.ts")
    expect(auth).toContain(`adapter: authJsAdapter(UnstorageAdapter(storage)),`)
    expect(auth).toContain(`import Passkey from "@/lib/auth/providers/passkey"`)
    expect(auth).not.toMatch(/^import[^\n]* from "next-auth/m)
    expect(lines(report, "manual")).toEqual([
      "auth.ts:127 declare module \"next-auth\" widens next-auth's types; type your session callback's result instead (docs/migrating-from-next-auth.md#imports)",
      "auth.ts:133 declare module \"next-auth/jwt\" widens next-auth's types; type your session callback's result instead (docs/migrating-from-next-auth.md#imports)",
      `tsconfig.json:1 tsconfig.json's "target" is "es5": set "target": "ES2017" (or later) in compilerOptions: the library needs ES2017 (${GUIDE}#1-copy-the-library-in)`,
    ])
    expect(exitCode(report)).toBe(2)
    expect(lines(report, "note")).toContain(
      "auth.ts:39 @auth/unstorage-adapter stays: the starter takes an Auth.js adapter through authJsAdapter(); the starter's features it has no methods for are off (named at start-up); it stores whole records, so there is no schema to upgrade",
    )
    expect(lines(report, "changed")).toContain(`middleware.ts:9 middleware config: added runtime: "nodejs"`)
    // The jwt callback's `session` is typed as next-auth types it, so the example's callback needs no note.
    expect(lines(report, "note").filter((line) => line.includes("callbacks.jwt"))).toEqual([])
  })

  it("unstorage + passkeys under basePath /auth: nothing by hand (exit 0), no schema upgrade", async () => {
    const { dir, report } = await move("unstorage-passkey")
    expect(lines(report, "manual")).toEqual([])
    expect(exitCode(report)).toBe(0)
    expect(read(dir, "auth.ts")).toContain(`adapter: authJsAdapter(UnstorageAdapter(storage)),`)
    expect(lines(report, "note").join("\n")).not.toContain("#4-the-database-one-migration")
  })

  it("credentials: nothing by hand (exit 0); the edge middleware moves to Node.js", async () => {
    const { dir, report } = await move("credentials")
    expect(lines(report, "manual")).toEqual([])
    expect(exitCode(report)).toBe(0)
    expect(read(dir, "auth.ts")).toContain(`import { CredentialsSignin } from "@/lib/auth"`)
    expect(lines(report, "changed")).toContain(`middleware.ts:10 middleware config: runtime "edge" → "nodejs"`)
  })

  it("email with an in-memory adapter and database sessions: nothing by hand (exit 0)", async () => {
    const { dir, report } = await move("email-memory")
    expect(lines(report, "manual")).toEqual([])
    expect(exitCode(report)).toBe(0)
    expect(read(dir, "memory-adapter.ts")).toContain(`from "@/lib/auth"`)
    expect(lines(report, "note")).toEqual([expect.stringMatching(/^auth\.ts:13 database sessions: /)])
  })

  it("OIDC with a typed custom provider: OIDCConfig maps to the library's type (exit 0)", async () => {
    const { dir, report } = await move("oidc")
    expect(lines(report, "manual")).toEqual([])
    expect(exitCode(report)).toBe(0)
    expect(read(dir, "auth.ts")).toContain(`import type { OAuthConfig as OIDCConfig } from "@/lib/auth"`)
  })

  it("passkeys on Prisma: nothing by hand (exit 0); without enableWebAuthn the library would refuse to start (exit 2)", async () => {
    const { report } = await move("passkey")
    expect(lines(report, "manual")).toEqual([])
    expect(exitCode(report)).toBe(0)
    expect(lines(report, "note")).toEqual([expect.stringContaining(`upgrade the database first (${GUIDE}#4-the-database-one-migration)`)])

    const { report: refused } = await move("passkey", "passkey-without-flag", (dir) => {
      writeFileSync(path.join(dir, "auth.ts"), read(dir, "auth.ts").replace("  experimental: { enableWebAuthn: true },\n", ""))
    })
    expect(lines(refused, "manual")).toEqual([
      `auth.ts:6 the library refuses this configuration at start-up (ExperimentalFeatureNotEnabled): The passkey provider uses WebAuthn, which is experimental: set \`experimental: { enableWebAuthn: true }\` to use it. (${GUIDE}#authts)`,
    ])
    expect(exitCode(refused)).toBe(2)
  })

  it("Prisma with GitHub, Google, Resend and database sessions: nothing by hand (exit 0), the schema upgrade noted", async () => {
    const { dir, report } = await move("prisma")
    expect(lines(report, "manual")).toEqual([])
    expect(exitCode(report)).toBe(0)
    expect(read(dir, "auth.ts")).toContain(`import { PrismaAdapter } from "@/lib/auth/adapters/prisma"`)
    expect(lines(report, "note")).toContain(`auth.ts:6 the starter's PrismaAdapter reads and writes the starter's schema: upgrade the database first (${GUIDE}#4-the-database-one-migration)`)
  })

  it("every rewritten auth.ts type-checks against the library once the by-hand work is done", () => {
    expect([...reports.keys()].sort()).toEqual(["credentials", "email-memory", "next-auth-example", "oidc", "passkey", "passkey-without-flag", "prisma", "unstorage-passkey"])
    // The by-hand work the example's report names: its type widenings go (the session callback's
    // result is the session's type in the library) and its target is raised (this program's own). Its Vercel KV driver options are unstorage
    // 1.10's; the starter's node_modules has a later unstorage, so that branch is left out.
    const example = reports.get("next-auth-example")!.dir
    const handDone = read(example, "auth.ts")
      .replace(/\ndeclare module "[^"]+" \{[\s\S]*?\n\}\n/g, "\n")
      .replace(/process\.env\.VERCEL\n\s*\? vercelKVDriver\(\{[\s\S]*?\}\)\n\s*: memoryDriver\(\)/, "memoryDriver()")
      .replace(`import vercelKVDriver from "unstorage/drivers/vercel-kv"\n`, "")
    writeFileSync(path.join(example, "auth.ts"), handDone)
    const files = [...reports.values()].map(({ dir }) => path.relative(WORK, path.join(dir, "auth.ts")))
    // One program for every app: their `@/lib/...` imports all mean the shared lib/ copy.
    writeFileSync(
      path.join(WORK, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2017",
          lib: ["dom", "dom.iterable", "esnext"],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          esModuleInterop: true,
          module: "esnext",
          moduleResolution: "bundler",
          isolatedModules: true,
          jsx: "preserve",
          types: ["node"],
          paths: { "@/*": ["./*"] },
        },
        files,
      }),
    )
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", WORK], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 })
    const errors = `${tsc.stdout}${tsc.stderr}`.split("\n").filter((line) => /^\S.*error TS\d+/.test(line))
    expect(errors).toEqual([])
  })
})
