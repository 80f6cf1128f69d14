/**
 * Where each next-auth (and Auth.js) module goes in the starter. Module
 * specifiers are data, not code: they are compared as strings.
 */
import type { EntryPoint } from "./library-exports"

export type ModuleTarget =
  /** Moves to `to`; named imports are checked against the entry points, first match wins. */
  | { readonly kind: "move"; readonly to: string; readonly lookIn: readonly EntryPoint[] }
  /** Stays as it is, with a note (a foreign adapter, issue 36). */
  | { readonly kind: "keep"; readonly note: string }
  /** Has no counterpart: reported for the person moving the app. */
  | { readonly kind: "unsupported"; readonly reason: string }

const CORE_TYPES: readonly EntryPoint[] = ["@/lib/auth"]

const EXACT: Readonly<Record<string, ModuleTarget>> = {
  "next-auth": { kind: "move", to: "@/lib/auth/next", lookIn: ["@/lib/auth/next", "@/lib/auth"] },
  "next-auth/react": { kind: "move", to: "@/lib/auth/react", lookIn: ["@/lib/auth/react"] },
  "next-auth/jwt": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "next-auth/adapters": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "next-auth/types": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/core/types": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/core/jwt": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/core/adapters": { kind: "move", to: "@/lib/auth", lookIn: CORE_TYPES },
  "@auth/prisma-adapter": { kind: "move", to: "@/lib/auth/adapters/prisma", lookIn: ["@/lib/auth/adapters/prisma"] },
  "next-auth/middleware": { kind: "unsupported", reason: "next-auth/middleware is gone in v5 too: export `auth` as the middleware (see the guide, \"middleware.ts\")" },
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
      if (id.length > 0 && !id.includes("/")) return { kind: "move", to: `@/lib/auth/providers/${id}`, lookIn: [] }
    }
  }
  if (specifier.startsWith("@auth/") && specifier.endsWith("-adapter")) {
    return { kind: "keep", note: `${specifier} stays: the starter accepts any @auth/*-adapter object (issue 36); the starter's own tables need its schema upgrade too` }
  }
  if (specifier === "@auth/core" || specifier.startsWith("@auth/core/") || specifier.startsWith("next-auth/")) {
    return { kind: "unsupported", reason: `${specifier} has no counterpart in the starter's library` }
  }
  return null
}
