import path from "node:path"
import { describe, expect, it } from "vitest"
import { DatabaseConfigError, DEFAULT_DATABASE_URL, parseDatabaseUrl, redact } from "@/lib/db/url"

describe("parseDatabaseUrl", () => {
  it("defaults to the SQLite file prisma/dev.db", () => {
    for (const raw of [undefined, "", "  "]) {
      expect(parseDatabaseUrl(raw, { baseDir: "/app" })).toEqual({
        provider: "sqlite",
        url: DEFAULT_DATABASE_URL,
        filePath: path.resolve("/app/prisma/dev.db"),
      })
    }
  })

  it("reads SQLite file URLs, relative to baseDir, without query parameters", () => {
    expect(parseDatabaseUrl("file:./data/app.db?connection_limit=1", { baseDir: "/app" })).toMatchObject({
      provider: "sqlite",
      filePath: "/app/data/app.db",
    })
    expect(parseDatabaseUrl("file:/var/db/app.db").provider).toBe("sqlite")
    expect(parseDatabaseUrl("file:///var/db/app.db")).toMatchObject({ filePath: "/var/db/app.db" })
  })

  it("takes discrete PostgreSQL settings from postgresql:// and postgres:// URLs", () => {
    expect(parseDatabaseUrl("postgresql://alice:p%40ss@db.example:6543/app?schema=auth")).toEqual({
      provider: "postgresql",
      url: "postgresql://alice:p%40ss@db.example:6543/app?schema=auth",
      host: "db.example",
      port: 6543,
      user: "alice",
      password: "p@ss",
      database: "app",
      schema: "auth",
    })
    expect(parseDatabaseUrl("postgres://127.0.0.1/app")).toMatchObject({ port: 5432, user: "postgres", password: undefined })
  })

  it("rejects what it cannot use with an error naming the variable", () => {
    const cases: [string, RegExp][] = [
      ["mysql://root@localhost/app", /^DATABASE_URL: unsupported URL scheme "mysql:"/],
      ["postgresql://u:secret@[::1/app", /^DATABASE_URL: malformed PostgreSQL URL "postgresql:\/\/u:\*\*\*@\[::1\/app"$/],
      ["postgresql://localhost:5432/", /must name one database/],
      ["file::memory:", /does not name a SQLite database file/],
    ]
    for (const [raw, message] of cases) {
      expect(() => parseDatabaseUrl(raw)).toThrow(DatabaseConfigError)
      expect(() => parseDatabaseUrl(raw)).toThrow(message)
    }
    expect(() => parseDatabaseUrl("mysql://x", { variable: "SHADOW_URL" })).toThrow(/^SHADOW_URL: /)
  })

  it("redacts passwords", () => {
    expect(redact("postgresql://alice:secret@host/db")).toBe("postgresql://alice:***@host/db")
    expect(redact("postgresql://alice@host/db")).toBe("postgresql://alice@host/db")
  })
})
