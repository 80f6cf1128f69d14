// The SQLite and PostgreSQL schemas must describe the same models: the app uses either
// generated client through one type (DbClient) and both migration histories must agree.
import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { PROJECT_ROOT } from "@/lib/db/layout"
import { parseSchemaBlocks } from "@/tests/helpers/prisma-schema"

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), "utf8")
const sqliteSource = read("prisma/schema.prisma")
const postgresSource = read("prisma/postgres/schema.prisma")

describe("prisma/schema.prisma and prisma/postgres/schema.prisma", () => {
  it("declare the same models, fields and attributes", () => {
    const sqlite = parseSchemaBlocks(sqliteSource)
    const postgres = parseSchemaBlocks(postgresSource)
    expect(sqlite.size).toBeGreaterThan(0)
    expect([...postgres.keys()].sort()).toEqual([...sqlite.keys()].sort())
    for (const [key, block] of sqlite) {
      expect(postgres.get(key), key).toEqual(block)
    }
  })

  it("differ only in the datasource provider and generator output", () => {
    const provider = (source: string) => /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/.exec(source)?.[1]
    const output = (source: string) => /generator\s+\w+\s*\{[^}]*output\s*=\s*"([^"]+)"/.exec(source)?.[1]
    expect(provider(sqliteSource)).toBe("sqlite")
    expect(provider(postgresSource)).toBe("postgresql")
    expect(path.resolve(PROJECT_ROOT, "prisma", output(sqliteSource)!)).toBe(path.join(PROJECT_ROOT, "lib/generated/prisma/sqlite"))
    expect(path.resolve(PROJECT_ROOT, "prisma/postgres", output(postgresSource)!)).toBe(
      path.join(PROJECT_ROOT, "lib/generated/prisma/postgres"),
    )
  })

  it("notices drift: a changed attribute, an added field, a missing model", () => {
    const base = parseSchemaBlocks(sqliteSource)
    const variants = [
      sqliteSource.replace("email         String?         @unique", "email         String?"),
      sqliteSource.replace("  image         String?\n", "  image         String?\n  locale String?\n"),
      sqliteSource.replace(/model VerificationToken \{[\s\S]*?\n\}\n/, ""),
      sqliteSource.replace("onDelete: Cascade", "onDelete: SetNull"),
    ]
    for (const variant of variants) {
      expect(variant).not.toBe(sqliteSource)
      expect(parseSchemaBlocks(variant)).not.toEqual(base)
    }
  })

  it("ignores comments and layout", () => {
    const reformatted = sqliteSource
      .replace("@@id([provider, providerAccountId])", "@@id([ provider,providerAccountId ]) // composite key")
      .replace(/\n\s*\/\/ Not in Auth\.js.*\n/, "\n")
    expect(parseSchemaBlocks(reformatted)).toEqual(parseSchemaBlocks(sqliteSource))
  })
})
