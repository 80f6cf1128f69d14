/**
 * Where each next-auth (and Auth.js) module goes in the starter. Module
 * specifiers are data, not code: they are compared as strings.
 */
import { existsSync } from "node:fs"
import path from "node:path"
import { adapterFacts, isAuthJsAdapterModule } from "./adapter-catalogue"
import { guideSection } from "./guide"
import { type EntryPoint, STARTER_ROOT } from "./library-exports"

export type ModuleTarget =
  /** Moves to `to`; named imports are checked against the entry points, first match wins. */
  | {
      readonly kind: "move"
      readonly to: string
      readonly lookIn: readonly EntryPoint[]
      /** next-auth names the starter exports under another name: imported as `Ours as Theirs`. */
      readonly renames?: Readonly<Record<string, string>>
      /** Said once per import that moves (what the move does not carry over by itself). */
      readonly note?: string
    }
  /** Stays as it is, with a note (an Auth.js adapter the library accepts as it is). */
  | { readonly kind: "keep"; readonly note: string }
  /** Has no counterpart: reported for the person moving the app. */
  | { readonly kind: "unsupported"; readonly reason: string }

const CORE_TYPES: readonly EntryPoint[] = ["@/lib/auth"]

// Auth.js's provider types (next-auth/providers, @auth/core/providers/oauth) under the starter's
// names: one OAuth type covers OAuth 2 and OIDC providers (its \`type\` says which).
const PROVIDER_TYPE_RENAMES: Readonly<Record<string, string>> = {
  OIDCConfig: "OAuthConfig",
  OAuth2Config: "OAuthConfig",
  OIDCUserConfig: "OAuthUserConfig",
  EmailConfig: "EmailProviderConfig",
  EmailUserConfig: "EmailProviderConfig",
  WebAuthnConfig: "WebAuthnProviderConfig",
  AppProvider: "ProviderConfig",
}
const PROVIDER_TYPES: ModuleTarget = { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES, renames: PROVIDER_TYPE_RENAMES }

const EXACT: Readonly<Record<string, ModuleTarget>> = {
  "next-auth": { kind: "move", to: "@/lib/auth/next", lookIn: ["@/lib/auth/next", "@/lib/auth"] },
  "next-auth/react": { kind: "move", to: "@/lib/auth/react", lookIn: ["@/lib/auth/react"] },
  "next-auth/jwt": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "next-auth/adapters": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "next-auth/types": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/core/types": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/core/jwt": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/core/adapters": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "next-auth/providers": PROVIDER_TYPES,
  "@auth/core/providers": PROVIDER_TYPES,
  "next-auth/providers/oauth": PROVIDER_TYPES,
  "@auth/core/providers/oauth": PROVIDER_TYPES,
  "@auth/prisma-adapter": {
    kind: "move",
    to: "@/lib/auth/adapters/prisma",
    lookIn: ["@/lib/auth/adapters/prisma"],
    note: `the starter's PrismaAdapter reads and writes the starter's schema: upgrade the database first (${guideSection("4-the-database-one-migration")})`,
  },
  "next-auth/middleware": { kind: "unsupported", reason: `next-auth/middleware is gone in v5 too: export \`auth\` as the middleware (${guideSection("middlewarets")})` },
  "next-auth/next": { kind: "unsupported", reason: "next-auth/next is gone in v5 too: use `auth()` from your auth.ts" },
  "next-auth/webauthn": { kind: "unsupported", reason: "the starter's passkey sign-in is its built-in page (Passkey provider); `signIn(\"passkey\")` from next-auth/webauthn has no counterpart" },
}

const PROVIDER_PREFIXES = ["next-auth/providers/", "@auth/core/providers/"]

export function moduleTarget(specifier: string): ModuleTarget | null {
  const exact = EXACT[specifier]
  if (exact) return exact
  for (const prefix of PROVIDER_PREFIXES) {
    if (specifier.startsWith(prefix)) {
      const id = specifier.slice(prefix.length)
      // Same ids as @auth/core; the provider modules' exports are not checked (default import and profile types).
      if (id.length === 0 || id.includes("/")) continue
      if (existsSync(path.join(STARTER_ROOT, "lib/auth/providers", `${id}.ts`))) return { kind: "move", to: `@/lib/auth/providers/${id}`, lookIn: [] }
      return { kind: "unsupported", reason: `${specifier}: the starter has no "${id}" provider; write it as an OAuth/OIDC provider object (${guideSection("imports")})` }
    }
  }
  if (isAuthJsAdapterModule(specifier)) return { kind: "keep", note: keptAdapterNote(specifier) }
  if (specifier === "@auth/core" || specifier.startsWith("@auth/core/") || specifier.startsWith("next-auth/")) {
    return { kind: "unsupported", reason: `${specifier} has no counterpart in the starter's library` }
  }
  return null
}

/** What a kept Auth.js adapter means for the database: a schema upgrade only where it has tables. */
function keptAdapterNote(specifier: string): string {
  const kept = `${specifier} stays: the starter takes an Auth.js adapter through authJsAdapter(); the starter's features it has no methods for are off (named at start-up)`
  const storage = adapterFacts(specifier)?.storage
  if (storage === "tables") return `${kept}; its tables need the schema upgrade (${guideSection("4-the-database-one-migration")})`
  if (storage === "records") return `${kept}; it stores whole records, so there is no schema to upgrade`
  return `${kept}; if it keeps Auth.js's tables in SQL, they need the schema upgrade (${guideSection("4-the-database-one-migration")})`
}
