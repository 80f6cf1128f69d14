/**
 * npm run providers:table: the provider table of docs/providers.md is the one the
 * provider headers give today, and the generator reads the headers as
 * documented (name and kind, callback URL, required and optional
 * variables, defaults for a header that lacks them, "tested" only for
 * providers an integration test imports).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { providerEnvKey } from "@/lib/auth/env"
import { documentedTable, PROVIDER_TABLE_FILE, providerRows, providerTable } from "@/scripts/provider-table"

const ROOT = path.resolve(__dirname, "../../..")

describe("the provider table of docs/providers.md", () => {
  it("equals the output of npm run providers:table (npm run providers:table -- --write puts it there)", () => {
    const guide = readFileSync(path.join(ROOT, PROVIDER_TABLE_FILE), "utf8")
    expect(guide).toContain("## OAuth providers")
    expect(documentedTable(guide)).toBe(providerTable(ROOT))
  })

  it("lists every OAuth / OpenID Connect provider file and nothing else", () => {
    const ids = providerRows(ROOT).map((r) => r.id)
    for (const id of ["42-school", "keycloak", "kinde", "github", "google", "oidc"]) expect(ids).toContain(id)
    for (const helper of ["merge", "account-id", "nodemailer", "passkey", "credentials", "standard-claims"]) expect(ids).not.toContain(helper)
  })

  it("each structured header names its own callback path and AUTH_<ID>_ID / _SECRET", () => {
    // @auth/core ships Ory Hydra in providers/ory-hydra with the id "hydra"; both names carry over.
    const idOfFile: Record<string, string> = { "ory-hydra": "hydra" }
    for (const row of providerRows(ROOT).filter((r) => r.missing.length === 0)) {
      const id = idOfFile[row.id] ?? row.id
      expect(row.callbackUrl, row.id).toBe(`{origin}{basePath}/callback/${id}`)
      const key = `AUTH_${providerEnvKey(id)}`
      expect(row.variables.split(/[\s,[\]]+/).slice(0, 2), row.id).toEqual([`${key}_ID`, `${key}_SECRET`])
      for (const name of row.variables.split(/[\s,[\]]+/).filter(Boolean)) expect(name, row.id).toMatch(new RegExp(`^${key}_[A-Z0-9_]+$`))
    }
  })
})

describe("providerTable() on a fixture tree", () => {
  let root: string

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "provider-table-"))
    mkdirSync(path.join(root, "lib/auth/providers"), { recursive: true })
    mkdirSync(path.join(root, "tests/integration/auth"), { recursive: true })
    const write = (file: string, text: string) => writeFileSync(path.join(root, file), text)
    write(
      "lib/auth/providers/acme-id.ts",
      "/**\n * Acme ID (OpenID Connect)\n * Callback URL: {origin}{basePath}/callback/acme-id\n * Variables: AUTH_ACME_ID_ID, AUTH_ACME_ID_SECRET, AUTH_ACME_ID_ISSUER[, AUTH_ACME_ID_TENANT]\n *\n * Notes.\n */\nexport {}\n",
    )
    write("lib/auth/providers/bare.ts", "/**\n * Some provider — no structured header. Callback URL: {origin}{basePath}/callback/bare\n */\nexport {}\n")
    write("lib/auth/providers/helper.ts", "/**\n * A helper module without a callback URL.\n */\nexport {}\n")
    write("tests/integration/auth/acme.test.ts", 'import AcmeId from "@/lib/auth/providers/acme-id"\n// mentions bare in a comment only\n')
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it("reads name, kind, callback URL and variables; optional variables are marked", () => {
    expect(providerTable(root).split("\n")).toEqual([
      "| Provider | Kind | Callback URL | Variables | Tested against a stand-in IdP |",
      "|---|---|---|---|---|",
      "| Acme ID (`acme-id`) | OpenID Connect | `{origin}{basePath}/callback/acme-id` | `AUTH_ACME_ID_ID`, `AUTH_ACME_ID_SECRET`, `AUTH_ACME_ID_ISSUER`, optional `AUTH_ACME_ID_TENANT` | yes |",
      "| bare (`bare`) | — | `{origin}{basePath}/callback/bare` | `AUTH_BARE_ID`, `AUTH_BARE_SECRET` | — |",
    ])
  })

  it("says what a header lacks; only an import counts as tested", () => {
    const rows = providerRows(root)
    expect(rows.find((r) => r.id === "bare")).toMatchObject({ missing: ["name line", "Variables line"], tested: false })
    expect(rows.find((r) => r.id === "acme-id")).toMatchObject({ missing: [], tested: true })
  })

  it("documentedTable() finds nothing without both markers", () => {
    expect(documentedTable("no markers here")).toBeUndefined()
    expect(documentedTable("<!-- providers:end --> then <!-- providers:start -->")).toBeUndefined()
    expect(documentedTable("a\n<!-- providers:start -->\n| x |\n<!-- providers:end -->\nb")).toBe("| x |")
  })
})
