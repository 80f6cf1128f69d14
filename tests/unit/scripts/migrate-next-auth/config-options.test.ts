// The configuration check: NextAuth()'s object, followed through spreads and lazy configs; what the
// starter does not accept is reported at its line, what it runs differently is noted.
import { describe, expect, it, vi } from "vitest"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"
import { writeApp } from "./fixture-app"

vi.setConfig({ testTimeout: 180_000 })

describe("migrate:next-auth configuration", () => {
  it("reports options, callbacks and events the starter does not run, in auth.ts and in a spread auth.config.ts", async () => {
    const app = writeApp({
      "auth.config.ts": [
        `import type { NextAuthConfig } from "next-auth"`,
        `export default {`,
        `  providers: [],`,
        `  callbacks: {`,
        `    authorized({ auth }) { return Boolean(auth) },`,
        `    futureCallback() { return true },`,
        `  },`,
        `} satisfies NextAuthConfig`,
        ``,
      ].join("\n"),
      "auth.ts": [
        `import NextAuth from "next-auth"`,
        `import authConfig from "./auth.config"`,
        `export const { auth } = NextAuth({`,
        `  ...authConfig,`,
        `  session: { strategy: "database" },`,
        `  unknownOption: true,`,
        `  events: { signIn() {}, somethingElse() {} },`,
        `  callbacks: { session({ session }) { return session } },`,
        `})`,
        ``,
      ].join("\n"),
    })
    const report = await migrateNextAuthApp(app.dir)
    const manual = report.findings.filter((f) => f.kind === "manual").map((f) => `${f.file}:${f.line} ${f.message}`)
    expect(manual).toEqual([
      "auth.config.ts:6 callbacks.futureCallback is not one the starter runs",
      // Database sessions without an adapter: the library would refuse to start.
      "auth.ts:3 the library refuses this configuration at start-up (MissingAdapter): session.strategy \"database\" needs a database adapter: pass `adapter` in the configuration. (docs/migrating-from-next-auth.md#authts)",
      "auth.ts:6 option `unknownOption` is not one the starter's NextAuth() accepts",
      "auth.ts:7 events.somethingElse is not one the starter runs",
    ])
    const notes = report.findings.filter((f) => f.kind === "note").map((f) => `${f.file}:${f.line}`)
    expect(notes).toEqual(["auth.config.ts:5", "auth.ts:5", "auth.ts:8"])
    // The configuration itself is left as it is: same option names.
    expect(app.read("auth.ts")).toContain(`unknownOption: true,`)
  })

  it("reads a lazy config and says when it cannot read one", async () => {
    const app = writeApp({
      "auth.ts": [
        `import NextAuth from "next-auth"`,
        `import { build } from "./build"`,
        `export const a = NextAuth((request) => ({ providers: [], nope: 1 }))`,
        `export const b = NextAuth(build())`,
        ``,
      ].join("\n"),
      "build.ts": `export const build = () => ({ providers: [] })\n`,
    })
    const report = await migrateNextAuthApp(app.dir)
    expect(report.findings.filter((f) => f.kind === "manual").map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      "auth.ts:3 option `nope` is not one the starter's NextAuth() accepts",
      "auth.ts:4 NextAuth(…): the configuration is not an object literal the codemod can read; check its options by hand",
    ])
  })
})
