/**
 * Every environment variable the code reads is documented twice: in `.env.example`, where an
 * operator copies it from, and in the table of docs/configuration.md, where they look it up; and
 * that table names no variable the code does not read. A variable added to the code without
 * either, or removed from the code but not from the table, fails here. The provider variables are
 * one family, AUTH_{PROVIDER}_*, documented as a naming rule; the test checks the rule is written
 * down and that each one the code names is in docs/configuration.md or docs/providers.md (whose
 * table lists every provider's own).
 */
import { readdirSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { filesUnder, read, ROOT } from "./markdown"

/** Variables the code reads that an operator never sets, each with why it needs no documentation. */
const NOT_FOR_OPERATORS: Record<string, string> = {
  NODE_ENV: "set by Next.js itself (`next dev`, `next build`, `next start`), never by hand",
  NEXT_RUNTIME: "set by Next.js to the runtime a module is loaded in",
  VERCEL: "set by Vercel; read only to trust the host header there, as Auth.js does",
  CF_PAGES: "set by Cloudflare Pages; read only to trust the host header there, as Auth.js does",
  NEXTAUTH_URL: "next-auth's name for AUTH_URL, read so an app moving over keeps working; docs/migrating-from-next-auth.md covers it",
  NEXTAUTH_SECRET: "next-auth's name for AUTH_SECRET, read so an app moving over keeps working; docs/migrating-from-next-auth.md covers it",
  E2E_SERVERS: "test-only: playwright.config.ts hands scripts/e2e-server.mjs the servers to start",
  E2E_PARENT_PID: "test-only: the e2e servers stop when the Playwright process that started them is gone",
  E2E_SKIP_BUILD: "test-only: the e2e servers reuse a build a previous run made",
  FRESH_CLONE_NPM_CACHE: "CI-only: scripts/fresh-clone-check.mjs installs from another npm cache",
  PASSWORD_HASH_COST: "test-only: the suites' cheaper scrypt, refused on a server other people reach (docs/decisions/test-speed.md)",
  TEST_TIMINGS: "CI-only: .ci/run turns off npm test's table of stage times and prints its own",
  PRISMA_SCHEMA_ENGINE_BINARY: "set by prisma.config.ts to the starter's stand-in for Prisma's engine binary",
  NEXT_BENCH_BUILD: "set by the benchmark (bench/http.ts) so its build does not replace the developer's",
  FUZZ_URL: "the fuzzer's target, the same as its --url option, which docs/testing.md documents",
}

/** Where the code that reads the environment lives (generated clients excluded: not ours). */
function sourceFiles(): string[] {
  const code = (file: string) => /\.(?:ts|tsx|mjs|cjs|js)$/.test(file) && !file.startsWith("lib/generated/")
  const rootFiles = readdirSync(ROOT).filter((name) => /^(?:auth|middleware|instrumentation|next\.config|prisma[\w.-]*)\.ts$/.test(name))
  return [...["lib", "server", "app", "scripts"].flatMap((dir) => filesUnder(dir, code)), ...rootFiles, ...filesUnder("prisma", code)]
}

/** `process.env.X`, `env.X`, `env["X"]`, and the two helpers that take a name: envValue("X"), value(env, "X"). */
const READS = [
  /\benv\.([A-Z][A-Z0-9_]*)\b/g,
  /\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g,
  /\benvValue\(\s*["']([A-Z][A-Z0-9_]*)["']/g,
  /\bvalue\(\s*env\s*,\s*["']([A-Z][A-Z0-9_]*)["']/g,
  /\{([^}]*)\}\s*=\s*process\.env\b/g,
]

/** Every variable name the code reads, with the first file that reads it. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of sourceFiles()) {
    const text = read(file)
    for (const pattern of READS) {
      for (const match of text.matchAll(pattern)) {
        // A destructuring of process.env names several at once ({ A: a, B, ...rest }).
        const names = pattern.source.startsWith("\\{") ? [...match[1].matchAll(/\b([A-Z][A-Z0-9_]*)\s*(?=[:,]|$)/g)].map((m) => m[1]) : [match[1]]
        for (const name of names) if (!found.has(name)) found.set(name, file)
      }
    }
  }
  return found
}

/** The provider ids as the variables spell them: "microsoft-entra-id" → MICROSOFT_ENTRA_ID. */
const PROVIDER_KEYS = readdirSync(path.join(ROOT, "lib/auth/providers"))
  .filter((name) => name.endsWith(".ts"))
  .map((name) => name.slice(0, -3).toUpperCase().replace(/-/g, "_"))

function isProviderVariable(name: string): boolean {
  return PROVIDER_KEYS.some((key) => name.startsWith(`AUTH_${key}_`))
}

/** Where every variable is described once. */
const CONFIGURATION = "docs/configuration.md"
/** Where each provider's own variables are listed, in the generated table. */
const PROVIDERS = "docs/providers.md"

/**
 * Variables the table documents that the code does not read itself, each with who reads it.
 * The table must not list any other variable the code does not read.
 */
const READ_BY_OTHERS: Record<string, string> = {
  NEXT_TELEMETRY_DISABLED: "read by Next.js; npm run dev, npm test and .ci/run set it",
}

/** The names in the first column of the table under "## Environment variables" in docs/configuration.md (`_2` after `AUTH_SECRET_1` counts as AUTH_SECRET_2). */
function configurationTableNames(): Set<string> {
  const guide = read(CONFIGURATION)
  const start = guide.indexOf("\n## Environment variables")
  const end = guide.indexOf("\n## ", start + 1)
  const section = guide.slice(start, end === -1 ? undefined : end)
  const names = new Set<string>()
  for (const row of section.split("\n").filter((line) => line.startsWith("| `"))) {
    const cell = row.split("|")[1]
    let stem = ""
    for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
      if (code.startsWith("_") && stem) names.add(stem + code)
      else {
        names.add(code)
        stem = code.replace(/_[^_]*$/, "")
      }
    }
  }
  return names
}

/** The names `.env.example` shows, commented out or set: `# NAME=` or `NAME=` at a line's start. */
function envExampleNames(): Set<string> {
  return new Set([...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]))
}

describe("environment variables", () => {
  const read_ = variablesRead()
  const documented = [...read_.keys()].filter((name) => !(name in NOT_FOR_OPERATORS)).sort()
  const table = configurationTableNames()
  const example = envExampleNames()

  it("finds the variables the code reads (the scan itself works)", () => {
    expect(read_.get("AUTH_SECRET")).toBeDefined()
    expect(read_.get("DATABASE_URL")).toBeDefined()
    expect(read_.get("E2E_SKIP_BUILD")).toBe("scripts/e2e-server.mjs")
    expect(isProviderVariable("AUTH_MICROSOFT_ENTRA_ID_TENANT_ID")).toBe(true)
    expect(isProviderVariable("AUTH_SECRET_1")).toBe(false)
  })

  it("every variable outside the provider family is in .env.example", () => {
    const missing = documented.filter((name) => !isProviderVariable(name) && !example.has(name))
    expect(missing.map((name) => `${name} (read in ${read_.get(name)})`)).toEqual([])
  })

  it("every variable outside the provider family is in docs/configuration.md's table", () => {
    const missing = documented.filter((name) => !isProviderVariable(name) && !table.has(name))
    expect(missing.map((name) => `${name} (read in ${read_.get(name)})`)).toEqual([])
  })

  it("the table names no variable the code does not read (placeholders and the provider family aside)", () => {
    const placeholder = (name: string) => /[{<]/.test(name)
    const stale = [...table].filter((name) => !placeholder(name) && !read_.has(name) && !(name in READ_BY_OTHERS) && !isProviderVariable(name))
    expect(stale).toEqual([])
    expect(Object.keys(READ_BY_OTHERS).filter((name) => !table.has(name))).toEqual([])
  })

  it("the provider family's naming rule is written in docs/configuration.md's table and in .env.example", () => {
    expect([...table].some((name) => name.startsWith("AUTH_{PROVIDER}_"))).toBe(true)
    expect(read(".env.example")).toMatch(/named after the provider id\s+(?:#\s*)?in UPPER_SNAKE_CASE/)
  })

  it("every provider variable the code names is in docs/configuration.md or docs/providers.md, by name or by a placeholder", () => {
    const docs = `${read(CONFIGURATION)}\n${read(PROVIDERS)}`
    // `AUTH_{PROVIDER}_ID`, `_SECRET`, `_ISSUER` and `AUTH_<SERVICE>_API_URL` in the table.
    const placeholderSuffixes = new Set([
      ...[...table].filter((name) => name.startsWith("AUTH_{PROVIDER}_")).map((name) => name.slice("AUTH_{PROVIDER}_".length)),
      ...[...docs.matchAll(/`AUTH_[{<][A-Z]+[}>]_([A-Z0-9_]+)`/g)].map((match) => match[1]),
    ])
    const byPlaceholder = (name: string) =>
      PROVIDER_KEYS.some((key) => name.startsWith(`AUTH_${key}_`) && placeholderSuffixes.has(name.slice(`AUTH_${key}_`.length)))
    const missing = documented.filter((name) => isProviderVariable(name) && !new RegExp(`\\b${name}\\b`).test(docs) && !byPlaceholder(name))
    expect(missing.map((name) => `${name} (read in ${read_.get(name)})`)).toEqual([])
  })

  it("lists no exception the code no longer reads", () => {
    expect(Object.keys(NOT_FOR_OPERATORS).filter((name) => !read_.has(name))).toEqual([])
  })
})
