// The start-up check: a configuration the library would refuse when the moved app starts is manual
// work (exit 2), found by the library's own check; what only run time decides is not reported.
import { describe, expect, it, vi } from "vitest"
import { migrateNextAuthApp } from "@/scripts/migrate-next-auth/run"
import { writeApp } from "./fixture-app"

vi.setConfig({ testTimeout: 180_000 })

const auth = (imports: string[], config: string) => [`import NextAuth from "next-auth"`, ...imports, `export const { handlers, auth } = NextAuth(${config})`, ``].join("\n")
const PASSKEY = `import Passkey from "next-auth/providers/passkey"`

describe("migrate:next-auth start-up check", () => {
  it("reports each configuration the library refuses, with the library's own reason and code", async () => {
    const app = writeApp({
      "no-flag.ts": auth([PASSKEY, `import { PrismaAdapter } from "@auth/prisma-adapter"`], `{ adapter: PrismaAdapter({}), providers: [Passkey] }`),
      "flag-off.ts": auth([PASSKEY, `import { PrismaAdapter } from "@auth/prisma-adapter"`], `{ adapter: PrismaAdapter({}), providers: [Passkey({})], experimental: { enableWebAuthn: false } }`),
      "no-passkey-methods.ts": auth(
        [PASSKEY, `import { UpstashRedisAdapter } from "@auth/upstash-redis-adapter"`],
        `{ adapter: UpstashRedisAdapter({}), providers: [Passkey], experimental: { enableWebAuthn: true } }`,
      ),
      "email-no-adapter.ts": auth([`import Resend from "next-auth/providers/resend"`], `{ providers: [Resend({ from: "a@example.com" })] }`),
      "database-no-adapter.ts": auth([`import GitHub from "next-auth/providers/github"`], `{ providers: [GitHub], session: { strategy: "database" } }`),
      "same-id.ts": auth([`import GitHub from "next-auth/providers/github"`], `{ providers: [GitHub, GitHub({ clientId: "x" })] }`),
      "credentials.ts": auth([`import Credentials from "next-auth/providers/credentials"`], `{ providers: [Credentials({ credentials: { email: {} } })] }`),
      // A provider kept in a variable is followed to its object.
      "variable.ts": auth([`const password = { id: "password", name: "Password", type: "credentials" } as const`], `{ providers: [password] }`),
    })
    const report = await migrateNextAuthApp(app.dir)
    const manual = report.findings.filter((f) => f.kind === "manual").map((f) => `${f.file}:${f.line} ${f.message}`)
    const refused = (file: string, code: string, reason: string) =>
      `${file}:3 the library refuses this configuration at start-up (${code}): ${reason} (docs/migrating-from-next-auth.md#authts)`
    expect(manual).toEqual([
      expect.stringMatching(/^credentials\.ts:3 .*\(provider_misconfigured\): The credentials provider "credentials" needs an `authorize` function/),
      refused("database-no-adapter.ts", "MissingAdapter", `session.strategy "database" needs a database adapter: pass \`adapter\` in the configuration.`),
      refused("email-no-adapter.ts", "MissingAdapter", `an email or OAuth/WebAuthn provider needs a database adapter: pass \`adapter\` in the configuration.`),
      expect.stringMatching(/^flag-off\.ts:4 .*\(ExperimentalFeatureNotEnabled\): The passkey provider uses WebAuthn.*enableWebAuthn: true/),
      expect.stringMatching(/^no-flag\.ts:4 .*\(ExperimentalFeatureNotEnabled\)/),
      expect.stringMatching(
        /^no-passkey-methods\.ts:6 .*\(MissingAdapterMethods\): The adapter lacks methods this configuration needs: getAccount, getAuthenticator, createAuthenticator, listAuthenticatorsByUserId, updateAuthenticatorCounter\./,
      ),
      refused("same-id.ts", "InvalidEndpoints", `Two providers share the id "github"; give each a unique id.`),
      refused("variable.ts", "provider_misconfigured", 'The credentials provider "password" needs an `authorize` function.'),
    ])
  })

  it("passes what only run time decides, and passkeys on an Auth.js adapter without a challenge store", async () => {
    const app = writeApp({
      // The library keeps the challenges itself for such an adapter: not a refusal.
      "unstorage-passkey.ts": auth(
        [PASSKEY, `import { UnstorageAdapter } from "@auth/unstorage-adapter"`],
        `{ adapter: UnstorageAdapter({}), providers: [Passkey], experimental: { enableWebAuthn: true }, basePath: "/auth" }`,
      ),
      // Issuer and client id come from AUTH_KEYCLOAK_* at run time.
      "env-issuer.ts": auth([`import Keycloak from "next-auth/providers/keycloak"`], `{ providers: [Keycloak] }`),
      "computed-flag.ts": auth(
        [PASSKEY, `import { PrismaAdapter } from "@auth/prisma-adapter"`],
        `{ adapter: PrismaAdapter({}), providers: [Passkey], experimental: { enableWebAuthn: process.env.PASSKEYS === "on" } }`,
      ),
      "computed-strategy.ts": auth([`import GitHub from "next-auth/providers/github"`, `import { adapter } from "./db"`], `{ adapter, providers: [GitHub], session: { strategy: process.env.S === "db" ? "database" : "jwt" } }`),
      "db.ts": `export const adapter = {}\n`,
      "inline-oidc.ts": auth([], `{ providers: [{ id: "corp", name: "Corp", type: "oidc", issuer: process.env.CORP_ISSUER, clientId: process.env.CORP_ID }] }`),
      "credentials.ts": auth([`import Credentials from "next-auth/providers/credentials"`], `{ providers: [Credentials({ authorize: async () => null })] }`),
    })
    const report = await migrateNextAuthApp(app.dir)
    expect(report.findings.filter((f) => f.kind === "manual")).toEqual([])
  })
})
