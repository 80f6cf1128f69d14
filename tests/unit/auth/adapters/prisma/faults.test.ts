import { describe, expect, it } from "vitest"
import { asDatabaseUnavailable, isDatabaseOutage, reportDatabaseFault, reportDatabaseHealthy } from "@/lib/auth/database-fault"
import { AdapterError, DatabaseUnavailable } from "@/lib/auth/errors"
import type { LoggerInstance } from "@/lib/auth/types"

const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code })

describe("telling a database outage from other failures", () => {
  it.each([
    ["Prisma: server unreachable", coded("P1001")],
    ["Prisma: connection closed", coded("P1017")],
    ["Prisma: pool timeout", coded("P2024")],
    ["pg: connection refused", coded("ECONNREFUSED")],
    ["pg: connection reset", coded("ECONNRESET")],
    ["PostgreSQL: admin shutdown", coded("57P01")],
    ["PostgreSQL: connection failure", coded("08006")],
    ["a driver adapter's kind", Object.assign(new Error("x"), { code: "P2010", meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } })],
    ["pg's message without a code", new Error("Connection terminated unexpectedly")],
    ["deep in a cause chain", new AdapterError("The adapter's getUser failed", { cause: new Error("wrapped", { cause: coded("ECONNREFUSED") }) })],
    ["inside an AggregateError (node's happy eyeballs)", new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")])],
  ])("%s is an outage", (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(true)
    expect(asDatabaseUnavailable(error)).toBeInstanceOf(DatabaseUnavailable)
  })

  it.each([
    ["a unique-constraint violation", coded("P2002")],
    ["a missing record", coded("P2025")],
    ["a programming error", new TypeError("cannot read properties of undefined")],
    ["a string", "ECONNREFUSED"],
    ["null", null],
  ])("%s is not an outage", (_name, error) => {
    expect(isDatabaseOutage(error)).toBe(false)
    expect(asDatabaseUnavailable(error)).toBeNull()
  })

  it("DatabaseUnavailable is a typed AdapterError with a stable code and a Retry-After", () => {
    const error = new DatabaseUnavailable("down")
    expect(error).toBeInstanceOf(AdapterError)
    expect(error.type).toBe("DatabaseUnavailable")
    expect(error.code).toBe("database_unavailable")
    expect(error.retryAfterSeconds).toBeGreaterThan(0)
  })

  it("an outage is logged once when it starts and once when it ends, however many requests fail", () => {
    const lines: string[] = []
    const logger: LoggerInstance = { error: (code) => void lines.push(code), warn: (code) => void lines.push(code), debug: () => {} }
    reportDatabaseHealthy(logger)
    for (let i = 0; i < 50; i++) reportDatabaseFault(logger, new DatabaseUnavailable("down"))
    reportDatabaseHealthy(logger)
    reportDatabaseHealthy(logger)
    reportDatabaseFault(logger, new DatabaseUnavailable("down again"))
    expect(lines).toEqual(["DatabaseUnavailable", "database-recovered", "DatabaseUnavailable"])
    reportDatabaseHealthy(logger)
  })
})
