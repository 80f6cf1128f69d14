// npm run providers:table — prints the table of OAuth / OpenID Connect providers that
// docs/providers.md shows (between <!-- providers:start --> and <!-- providers:end -->) from the headers of
// lib/auth/providers/<id>.ts: their JSDoc's first lines say "Name (OAuth 2.0|OpenID Connect)",
// "Callback URL: …" and "Variables: …". A provider counts as tested against a stand-in IdP when
// an integration test imports it. `--check` compares docs/providers.md with the output instead
// (exit 1 when they differ); `--write` puts the output between the markers of docs/providers.md.
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

export interface ProviderRow {
  id: string
  name: string
  kind: "OAuth 2.0" | "OpenID Connect" | null
  callbackUrl: string
  variables: string
  tested: boolean
  /** What the header lacks (the row then uses defaults for it). */
  missing: string[]
}

const HEADING = /^(.+?) \((OAuth 2\.0|OpenID Connect)\)/
export const START_MARKER = "<!-- providers:start -->"
export const END_MARKER = "<!-- providers:end -->"

function envKey(id: string): string {
  return id.toUpperCase().replace(/-/g, "_")
}

/** The first JSDoc block's lines, without the comment syntax. */
function headerLines(source: string): string[] {
  const block = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? ""
  return block.split("\n").map((line) => line.replace(/^\s*\* ?/, "").trim())
}

/** Files below `dir` (recursively) whose name ends in .ts. */
function tsFiles(dir: string): string[] {
  let found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) found = found.concat(tsFiles(full))
    else if (entry.name.endsWith(".ts")) found.push(full)
  }
  return found
}

/** Provider ids an integration test imports (it signs in against a local stand-in). */
function testedIds(root: string): Set<string> {
  const ids = new Set<string>()
  for (const file of tsFiles(path.join(root, "tests/integration"))) {
    for (const match of readFileSync(file, "utf8").matchAll(/["']@\/lib\/auth\/providers\/([\w-]+)["']/g)) ids.add(match[1]!)
  }
  return ids
}

export function providerRows(root: string): ProviderRow[] {
  const dir = path.join(root, "lib/auth/providers")
  const tested = testedIds(root)
  const rows: ProviderRow[] = []
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts")).sort()) {
    const id = file.slice(0, -3)
    const lines = headerLines(readFileSync(path.join(dir, file), "utf8"))
    const callback = lines.map((l) => /Callback URL:\s*(\S+)/.exec(l)?.[1]).find(Boolean)
    // Only OAuth / OpenID Connect providers have a callback URL line.
    if (!callback) continue
    const heading = HEADING.exec(lines.find((l) => l !== "") ?? "")
    const variables = lines.map((l) => /^Variables:\s*(.+)$/.exec(l)?.[1]).find(Boolean)
    const missing = [...(heading ? [] : ["name line"]), ...(variables ? [] : ["Variables line"])]
    rows.push({
      id,
      name: heading?.[1] ?? id,
      kind: (heading?.[2] as ProviderRow["kind"]) ?? null,
      callbackUrl: callback,
      variables: variables ?? `AUTH_${envKey(id)}_ID, AUTH_${envKey(id)}_SECRET`,
      tested: tested.has(id),
      missing,
    })
  }
  return rows.sort((a, b) => a.id.localeCompare(b.id))
}

function code(text: string): string {
  return `\`${text}\``
}

/** "AUTH_A_ID, AUTH_A_SECRET[, AUTH_A_ISSUER]" → "`AUTH_A_ID`, `AUTH_A_SECRET`, optional `AUTH_A_ISSUER`". */
function variablesCell(variables: string): string {
  const [required, optional] = variables.split("[")
  const names = (part: string | undefined) => (part ?? "").replace(/[[\]]/g, "").split(",").map((v) => v.trim()).filter(Boolean)
  const cells = names(required).map(code)
  for (const name of names(optional)) cells.push(`optional ${code(name)}`)
  return cells.join(", ")
}

export function providerTable(root: string): string {
  const lines = [
    "| Provider | Kind | Callback URL | Variables | Tested against a stand-in IdP |",
    "|---|---|---|---|---|",
  ]
  for (const row of providerRows(root)) {
    lines.push(`| ${row.name} (${code(row.id)}) | ${row.kind ?? "—"} | ${code(row.callbackUrl)} | ${variablesCell(row.variables)} | ${row.tested ? "yes" : "—"} |`)
  }
  return lines.join("\n")
}

/** The guide that shows the table, relative to the repository's root. */
export const PROVIDER_TABLE_FILE = "docs/providers.md"

/** A document's text between the markers (without them), or undefined when they are missing. */
export function documentedTable(markdown: string): string | undefined {
  const start = markdown.indexOf(START_MARKER)
  const end = markdown.indexOf(END_MARKER)
  if (start === -1 || end < start) return undefined
  return markdown.slice(start + START_MARKER.length, end).trim()
}

function main(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
  const table = providerTable(root)
  for (const row of providerRows(root)) {
    if (row.missing.length > 0) console.error(`lib/auth/providers/${row.id}.ts: header has no ${row.missing.join(" and no ")}; defaults used`)
  }
  const file = path.join(root, PROVIDER_TABLE_FILE)
  if (process.argv.includes("--check")) {
    if (documentedTable(readFileSync(file, "utf8")) !== table) {
      console.error(`${PROVIDER_TABLE_FILE}'s provider table is out of date: run npm run providers:table -- --write`)
      process.exit(1)
    }
    return
  }
  if (process.argv.includes("--write")) {
    const markdown = readFileSync(file, "utf8")
    if (documentedTable(markdown) === undefined) {
      console.error(`${PROVIDER_TABLE_FILE} has no ${START_MARKER} … ${END_MARKER} markers to write between`)
      process.exit(1)
    }
    const start = markdown.indexOf(START_MARKER) + START_MARKER.length
    writeFileSync(file, `${markdown.slice(0, start)}\n${table}\n${markdown.slice(markdown.indexOf(END_MARKER))}`)
    return
  }
  console.log(table)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
