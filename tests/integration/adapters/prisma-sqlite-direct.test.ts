/**
 * The read-only connection behind the SQLite hot reads (the session lookup,
 * the dashboard's overview: lib/auth/adapters/prisma/sqlite-direct.ts). A
 * read it cannot answer must say so at once, so that its caller asks Prisma,
 * and must never wait on a writer or stop the file's other reads.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sqliteDirectAll, sqliteDirectGet } from "@/lib/auth/adapters/prisma"

describe("direct SQLite reads", () => {
  let dir: string
  let file: string
  let writer: Database.Database

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sqlite-direct-"))
    file = path.join(dir, "app.db")
    writer = new Database(file)
    writer.exec(`CREATE TABLE "Note" ("id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL)`)
    writer.prepare(`INSERT INTO "Note" ("text") VALUES (?)`).run("first")
  })
  afterAll(() => {
    writer?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("answers the rows, and null for a row that is not there", () => {
    expect(sqliteDirectAll(file, `SELECT "text" FROM "Note" ORDER BY "id"`)).toEqual([{ text: "first" }])
    expect(sqliteDirectGet(file, `SELECT "text" FROM "Note" WHERE "id" = ?`, 999)).toBeNull()
  })

  it("sees each committed write on the next read", () => {
    const count = `SELECT COUNT(*) AS n FROM "Note"`
    const before = sqliteDirectGet<{ n: number }>(file, count)!.n
    writer.prepare(`INSERT INTO "Note" ("text") VALUES (?)`).run("second")
    expect(sqliteDirectGet<{ n: number }>(file, count)!.n).toBe(before + 1)
  })

  it("refuses to write: the connection is read-only", () => {
    expect(sqliteDirectAll(file, `DELETE FROM "Note"`)).toBeUndefined()
    expect(writer.prepare(`SELECT COUNT(*) AS n FROM "Note"`).get()).not.toEqual({ n: 0 })
  })

  it("a statement on a table the file lacks answers undefined, and the file's other reads still answer", () => {
    expect(sqliteDirectGet(file, `SELECT * FROM "NotMigratedYet"`)).toBeUndefined()
    expect(sqliteDirectGet(file, `SELECT "text" FROM "Note" WHERE "id" = ?`, 1)).toEqual({ text: "first" })
  })

  it("a file held by a writer's exclusive lock answers undefined at once instead of waiting", () => {
    const sql = `SELECT "text" FROM "Note" WHERE "id" = ?`
    expect(sqliteDirectGet(file, sql, 1)).toEqual({ text: "first" })
    writer.exec("BEGIN EXCLUSIVE")
    try {
      const started = performance.now()
      expect(sqliteDirectGet(file, sql, 1)).toBeUndefined()
      expect(performance.now() - started).toBeLessThan(500)
    } finally {
      writer.exec("COMMIT")
    }
    expect(sqliteDirectGet(file, sql, 1)).toEqual({ text: "first" })
  })

  it("a file that does not exist answers undefined", () => {
    expect(sqliteDirectAll(path.join(dir, "missing.db"), `SELECT 1`)).toBeUndefined()
  })
})
