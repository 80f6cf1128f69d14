// `npm run db:migrate` (scripts/db-migrate.ts): problems a user can fix are one line on
// stderr naming DATABASE_URL, exit code 1, no stack trace.
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runBin } from "@/tests/helpers/run"

const migrate = (databaseUrl: string) => runBin("tsx", ["scripts/db-migrate.ts"], { DATABASE_URL: databaseUrl })

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function expectOneLineError(result: { code: number | null; stderr: string; stdout: string }, line: string | RegExp): void {
  expect(result.code).toBe(1)
  expect(result.stdout).toBe("")
  const lines = result.stderr.trimEnd().split("\n")
  expect(lines).toHaveLength(1)
  if (typeof line === "string") expect(lines[0]).toBe(line)
  else expect(lines[0]).toMatch(line)
  expect(result.stderr).not.toMatch(/^\s+at /m)
}

describe("db:migrate errors", () => {
  it("PostgreSQL not listening", async () => {
    const port = await closedPort()
    expectOneLineError(
      await migrate(`postgresql://postgres@127.0.0.1:${port}/app`),
      `error: DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:${port} (connection refused)`,
    )
  })

  it("unknown PostgreSQL host", async () => {
    expectOneLineError(
      await migrate("postgres://postgres@no-such-host.invalid:5432/app"),
      "error: DATABASE_URL: cannot connect to PostgreSQL at no-such-host.invalid:5432 (host not found)",
    )
  })

  it("PostgreSQL role that does not exist", async () => {
    expectOneLineError(
      await migrate("postgresql://no_such_role_xyz@127.0.0.1:5432/app"),
      'error: DATABASE_URL: cannot connect to PostgreSQL at 127.0.0.1:5432 (role "no_such_role_xyz" does not exist)',
    )
  })

  it("malformed PostgreSQL URL", async () => {
    expectOneLineError(
      await migrate("postgresql://postgres:secret@[::1/app"),
      'error: DATABASE_URL: malformed PostgreSQL URL "postgresql://postgres:***@[::1/app"',
    )
  })

  it("PostgreSQL URL without a database", async () => {
    expectOneLineError(await migrate("postgresql://postgres@127.0.0.1:5432"), /^error: DATABASE_URL: PostgreSQL URL .* must name one database/)
  })

  it("unsupported scheme", async () => {
    expectOneLineError(
      await migrate("mysql://root@127.0.0.1/app"),
      'error: DATABASE_URL: unsupported URL scheme "mysql:" (expected postgresql://, postgres:// or file:)',
    )
  })

  it("SQLite path that cannot be a file", async () => {
    expectOneLineError(
      await migrate("file:./package.json/app.db"),
      `error: DATABASE_URL: cannot open SQLite database file ${path.resolve("package.json/app.db")} (a parent is not a directory)`,
    )
  })
})

describe("db:migrate success", () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "authtest-cli-"))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("creates the SQLite file, applies the migrations, then reports up to date", async () => {
    const url = `file:${path.join(dir, "app.db")}`
    const first = await migrate(url)
    expect(first.stderr).toBe("")
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/applied to .*app\.db:\n {2}\d{14}_init/)
    const second = await migrate(url)
    expect(second.code).toBe(0)
    expect(second.stdout).toContain("is up to date, no pending migrations.")
  })
})
