import { readdirSync, readFileSync } from "node:fs"
import { defineConfig, globalIgnores } from "eslint/config"
import nextCoreWebVitals from "eslint-config-next/core-web-vitals"
import nextTypeScript from "eslint-config-next/typescript"

// The auth library's public surface. Outside lib/auth, code imports the library
// only through these entry points (each has an explicit export list); every other
// file of lib/auth is an internal that may change without notice. A provider is
// its own entry point, one file per provider id: the non-OAuth ones listed here,
// and every OAuth / OpenID Connect provider file (its header names a "Callback URL:",
// as npm run providers:table reads it), so a new provider needs no edit here.
const NON_OAUTH_PROVIDER_IDS = ["credentials", "email", "mailgun", "nodemailer", "passkey", "postmark", "resend", "sendgrid", "webauthn"]
const PROVIDERS_DIR = new URL("./lib/auth/providers/", import.meta.url)
const OAUTH_PROVIDER_IDS = readdirSync(PROVIDERS_DIR)
  .filter((file) => file.endsWith(".ts") && /^\s*\*.*Callback URL:/m.test(readFileSync(new URL(file, PROVIDERS_DIR), "utf8")))
  .map((file) => file.slice(0, -3))
const AUTH_PROVIDER_IDS = [...NON_OAUTH_PROVIDER_IDS, ...OAUTH_PROVIDER_IDS]
const AUTH_ENTRY_POINTS = [
  "next", "next/instrumentation", "react", "express", "sveltekit", "adapters/prisma", "webauthn", "revocation-transports",
  // The slug rules alone (no imports): the browser suggests a slug from a name as the library would.
  "organizations/slug",
  ...AUTH_PROVIDER_IDS.map((id) => `providers/${id}`),
]
// The core is the folder itself (`@/lib/auth`); anything below it must be one of
// the entry points, spelled as such (not `next/index`). Covers the `@/` alias,
// relative paths (`./lib/auth/…`, `../../lib/auth/…`) and the SvelteKit example's `$auth`.
const notAnEntryPoint = `(?!(?:${AUTH_ENTRY_POINTS.join("|")})$)`
const authInternals = [`^(?:@/|(?:\\.\\.?/)+)lib/auth/${notAnEntryPoint}`, `^\\$auth/${notAnEntryPoint}`]
const authInternalsMessage =
  "Import lib/auth only through its entry points: @/lib/auth (core), @/lib/auth/next, " +
  "@/lib/auth/next/instrumentation, @/lib/auth/react, @/lib/auth/express, @/lib/auth/sveltekit, " +
  "@/lib/auth/adapters/prisma, @/lib/auth/providers/<id>, @/lib/auth/webauthn, @/lib/auth/revocation-transports. " +
  "If the app needs something else, export it from the right entry point."

/** Rejects imports of lib/auth internals, static and `import()` alike, for sources matching `sources`. */
function authBoundary(sources) {
  return {
    "no-restricted-imports": ["error", { patterns: sources.map((regex) => ({ regex, message: authInternalsMessage })) }],
    // no-restricted-imports does not look at `import()`; esquery regexes cannot hold a bare "/".
    "no-restricted-syntax": [
      "error",
      ...sources.map((regex) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll("/", "\\/")}/]`,
        message: authInternalsMessage,
      })),
    ],
  }
}

// eslint-config-next 16 ships flat-config arrays; no FlatCompat bridge needed.
export default defineConfig([
  ...nextCoreWebVitals,
  ...nextTypeScript,
  {
    rules: {
      // A leading underscore marks a binding that exists only to be left out,
      // e.g. `const { exp: _exp, ...claims } = token`.
      "@typescript-eslint/no-unused-vars": [
        "warn",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Server-only code never renders React, but a plain function named `use`
    // (e.g. a pool helper) trips the React 19 `use` hook rules there.
    files: ["lib/db/**", "server/accounts/**", "scripts/**", "bench/**", "prisma/**"],
    rules: {
      "react-hooks/rules-of-hooks": "off",
    },
  },
  {
    // Everything outside the library uses its entry points only. Tests and the
    // benchmarks are left out on purpose: the library's tests test its modules,
    // and the benchmarks time them one by one.
    files: ["app/**", "components/**", "server/**", "scripts/**", "examples/**", "prisma/**", "*.{ts,tsx,mts,mjs,js}"],
    rules: authBoundary(authInternals),
  },
  {
    // The database client sits beside the library: `../auth/…` from here is lib/auth.
    files: ["lib/db/**"],
    rules: authBoundary([...authInternals, `^\\.\\./auth/${notAnEntryPoint}`]),
  },
  globalIgnores([
    ".next/**",
    ".next-bench/**",
    // bench:http's reference app: next-auth's own code style, and its dependency is installed at bench time.
    "bench/next-auth-app/**",
    "bench/next-auth-mirror/**",
    "bench/next-auth-mirror-app/**",
    "bench/free-auth-overlay/**",
    "bench/free-auth-app/**",
    "node_modules/**",
    "lib/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
    "artifacts/**",
    "examples/sveltekit/.svelte-kit/**",
  ]),
])
