// The import rewrite: next-auth's and Auth.js's modules → the starter's entry points, on a fixture app.
import { describe, expect, it, vi } from "vitest"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"
import { writeApp } from "./fixture-app"

// The library's surface is read with the TypeScript checker once per process: slow on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

describe("migrate:next-auth imports", () => {
  it("moves every next-auth module to the starter's entry point and splits names that live elsewhere", async () => {
    const app = writeApp({
      "auth.ts": [
        `import NextAuth, { type NextAuthConfig, type Session } from "next-auth"`,
        `import GitHub from "next-auth/providers/github"`,
        `import Keycloak from "@auth/core/providers/keycloak"`,
        `import { PrismaAdapter } from "@auth/prisma-adapter"`,
        `import { prisma } from "./prisma"`,
        `export const config: NextAuthConfig = { adapter: PrismaAdapter(prisma), providers: [GitHub, Keycloak] }`,
        `export type S = Session`,
        `export const { handlers, auth } = NextAuth(config)`,
        ``,
      ].join("\n"),
      "prisma.ts": `export const prisma = {}\n`,
      "app/client.tsx": `"use client"\nimport { SessionProvider, useSession as useIt } from "next-auth/react"\nexport { SessionProvider, useIt }\n`,
      "app/api/token.ts": `import { getToken, type JWT } from "next-auth/jwt"\nimport type { AdapterUser } from "next-auth/adapters"\nexport { getToken }\nexport type T = JWT | AdapterUser\n`,
      "lazy.ts": `export const load = () => import("next-auth/react")\n`,
      "types.ts": `export type { Session } from "next-auth"\n`,
      "components/menu.tsx": `import type { Session } from "next-auth"\nexport type M = Session\n`,
    })
    const report = await migrateNextAuthApp(app.dir)

    expect(app.read("auth.ts")).toContain(`import NextAuth, { type NextAuthConfig } from "@/lib/auth/next"`)
    expect(app.read("auth.ts")).toContain(`import { type Session } from "@/lib/auth"`)
    expect(app.read("auth.ts")).toContain(`import GitHub from "@/lib/auth/providers/github"`)
    expect(app.read("auth.ts")).toContain(`import Keycloak from "@/lib/auth/providers/keycloak"`)
    expect(app.read("auth.ts")).toContain(`import { PrismaAdapter } from "@/lib/auth/adapters/prisma"`)
    expect(app.read("app/client.tsx")).toContain(`import { SessionProvider, useSession as useIt } from "@/lib/auth/react"`)
    expect(app.read("app/api/token.ts")).toContain(`import { getToken, type JWT } from "@/lib/auth"`)
    expect(app.read("app/api/token.ts")).toContain(`import type { AdapterUser } from "@/lib/auth"`)
    expect(app.read("lazy.ts")).toContain(`import("@/lib/auth/react")`)
    expect(app.read("types.ts")).toContain(`export type { Session } from "@/lib/auth"`)
    // Split into the file's own style: still `import type`, still no semicolon.
    expect(app.read("components/menu.tsx")).toBe(`import type { Session } from "@/lib/auth"\nexport type M = Session\n`)
    for (const file of ["auth.ts", "app/client.tsx", "app/api/token.ts", "lazy.ts"]) expect(app.read(file)).not.toMatch(/next-auth|@auth\//)
    expect(report.findings.filter((f) => f.kind === "manual")).toEqual([])
    expect(report.changedFiles.sort()).toEqual(["app/api/token.ts", "app/client.tsx", "auth.ts", "components/menu.tsx", "lazy.ts", "types.ts"])
  })

  it("keeps a foreign @auth adapter and reports what has no counterpart", async () => {
    const app = writeApp({
      "auth.ts": [
        `import { DrizzleAdapter } from "@auth/drizzle-adapter"`,
        `import { signIn } from "next-auth/webauthn"`,
        `import { CredentialsSignin, NotARealExport } from "next-auth"`,
        `export { DrizzleAdapter, signIn, CredentialsSignin, NotARealExport }`,
        ``,
      ].join("\n"),
      "middleware.ts": `export { default } from "next-auth/middleware"\n`,
    })
    const report = await migrateNextAuthApp(app.dir)

    expect(app.read("auth.ts")).toContain(`from "@auth/drizzle-adapter"`)
    expect(app.read("middleware.ts")).toBe(`export { default } from "next-auth/middleware"\n`)
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "note", file: "auth.ts", line: 1, message: expect.stringContaining("@auth/drizzle-adapter stays") }))
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "manual", file: "auth.ts", line: 2, message: expect.stringContaining("next-auth/webauthn") }))
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "manual", file: "auth.ts", line: 3, message: expect.stringContaining("`NotARealExport`") }))
    expect(report.findings).toContainEqual(expect.objectContaining({ kind: "manual", file: "middleware.ts", line: 1, message: expect.stringContaining("next-auth/middleware") }))
  })
})

describe("migrate:next-auth provider types", () => {
  it("maps next-auth/providers' types to the starter's, under the names the file uses", async () => {
    const app = writeApp({
      "providers.ts": [
        `import type { Provider } from "next-auth/providers"`,
        `import type { OAuthConfig, OIDCConfig, OAuthUserConfig } from "next-auth/providers"`,
        `import type { EmailConfig as Mail } from "@auth/core/providers"`,
        `import type { OAuth2Config } from "@auth/core/providers/oauth"`,
        `export type P = Provider | OAuthConfig<object> | OIDCConfig<object> | OAuthUserConfig<object> | Mail | OAuth2Config<object>`,
        ``,
      ].join("\n"),
      "custom.ts": `import Oidc from "next-auth/providers/not-a-provider"\nexport default Oidc\n`,
    })
    const report = await migrateNextAuthApp(app.dir)
    expect(app.read("providers.ts")).toBe(
      [
        `import type { Provider } from "@/lib/auth"`,
        `import type { OAuthConfig, OAuthConfig as OIDCConfig, OAuthUserConfig } from "@/lib/auth"`,
        `import type { EmailProviderConfig as Mail } from "@/lib/auth"`,
        `import type { OAuthConfig as OAuth2Config } from "@/lib/auth"`,
        `export type P = Provider | OAuthConfig<object> | OIDCConfig<object> | OAuthUserConfig<object> | Mail | OAuth2Config<object>`,
        ``,
      ].join("\n"),
    )
    // A provider the starter does not have is said, not rewritten into an import that cannot resolve.
    expect(report.findings.filter((f) => f.kind === "manual").map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([
      `custom.ts:1 next-auth/providers/not-a-provider: the starter has no "not-a-provider" provider; write it as an OAuth/OIDC provider object (docs/migrating-from-next-auth.md#imports)`,
    ])
    expect(app.read("custom.ts")).toContain(`from "next-auth/providers/not-a-provider"`)
  })
})
