// The moved app's package.json: next-auth out, the copied files' packages in at the starter's pinned
// versions, and npm overrides only where npm would otherwise refuse the install.
import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { PROJECT_ROOT } from "@/lib/db/layout"
import { neededPackages, planPackageJson } from "@/scripts/migrate-next-auth/dependencies"
import { libraryFiles } from "@/scripts/migrate-next-auth/library-files"

const starter = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }

describe("the moved app's package.json", () => {
  it("lists no package of the left-out layers or of the other database", () => {
    const sqlite = [...neededPackages(libraryFiles("sqlite"), "sqlite").keys()]
    expect(sqlite).toEqual(expect.arrayContaining(["jose", "oauth4webapi", "better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/client", "prisma"]))
    for (const absent of ["express", "@sveltejs/kit", "ioredis", "pg", "@prisma/adapter-pg", "@prisma/schema-engine-wasm", "ts-morph", "tsx", "next", "react"]) expect(sqlite).not.toContain(absent)
    const none = [...neededPackages(libraryFiles("none"), "none").keys()]
    expect(none.filter((name) => /prisma|sqlite|^pg$/.test(name))).toEqual([])
  })

  it("raises a package the app had at an older version and says what it was", () => {
    const app = { dependencies: { next: "16.4.6", "next-auth": "5.0.0-beta.32", "@simplewebauthn/server": "^9.0.3" } }
    const plan = planPackageJson(app, new Map([["@simplewebauthn/server", "dependencies"]]), "none")
    expect(plan.removed).toEqual(["next-auth"])
    expect(plan.added).toEqual([{ name: "@simplewebauthn/server", version: starter.dependencies["@simplewebauthn/server"], section: "dependencies", was: "^9.0.3" }])
    expect(plan.packageJson.dependencies).toEqual({ "@simplewebauthn/server": starter.dependencies["@simplewebauthn/server"], next: "16.4.6" })
    expect(app.dependencies["next-auth"]).toBe("5.0.0-beta.32")
  })

  it("overrides @auth/core's optional peers only when the app lists @auth/core itself", () => {
    const needed = new Map([["nodemailer", "dependencies"], ["@simplewebauthn/browser", "dependencies"], ["@simplewebauthn/server", "dependencies"]] as const)
    const keptAdapter = planPackageJson({ dependencies: { "next-auth": "5.0.0-beta.32", "@auth/drizzle-adapter": "^1.11.0" } }, needed, "none")
    expect(keptAdapter.packageJson.overrides).toBeUndefined()
    expect(keptAdapter.packageJson.dependencies?.["@auth/drizzle-adapter"]).toBe("^1.11.0")

    const withCore = planPackageJson({ dependencies: { "@auth/core": "0.41.3" }, overrides: { "@auth/core": { jose: "6.2.17" } } }, needed, "none")
    expect(withCore.packageJson.overrides).toEqual({ "@auth/core": { jose: "6.2.17", nodemailer: "$nodemailer", "@simplewebauthn/browser": "$@simplewebauthn/browser", "@simplewebauthn/server": "$@simplewebauthn/server" } })
    expect(withCore.overrides).toEqual(["nodemailer: $nodemailer", "@simplewebauthn/browser: $@simplewebauthn/browser", "@simplewebauthn/server: $@simplewebauthn/server"])
  })

  it("keeps the Auth.js Prisma adapter when the app gets no database layer, and removes it when the starter's replaces it", () => {
    const app = { dependencies: { "next-auth": "5.0.0-beta.32", "@auth/prisma-adapter": "^2.11.0" } }
    expect(planPackageJson(app, new Map(), "sqlite").removed).toEqual(["next-auth", "@auth/prisma-adapter"])
    expect(planPackageJson(app, new Map(), "none").removed).toEqual(["next-auth"])
  })
})
