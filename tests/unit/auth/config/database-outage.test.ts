import { describe, expect, it } from "vitest"
import { databaseUnavailableIn, reportDatabaseFault, reportDatabaseHealthy } from "@/lib/auth/config/database-outage"
import { AdapterError, CallbackRouteError, DatabaseUnavailable } from "@/lib/auth/errors"
import type { LoggerInstance } from "@/lib/auth/logger"

const coded = (code: string) => Object.assign(new Error("failed"), { code })

describe("the core recognises the DatabaseUnavailable an adapter throws", () => {
  it("finds it itself, in a cause chain and inside an AggregateError", () => {
    const outage = new DatabaseUnavailable("down")
    expect(databaseUnavailableIn(outage)).toBe(outage)
    expect(databaseUnavailableIn(new CallbackRouteError("authorize() threw", { cause: { err: outage, provider: "credentials" } }))).toBe(outage)
    expect(databaseUnavailableIn(new Error("wrapped", { cause: outage }))).toBe(outage)
    expect(databaseUnavailableIn(new AggregateError([new Error("other"), outage]))).toBe(outage)
  })

  it("reads no driver's codes: telling those apart is the adapter's job", () => {
    for (const raw of [coded("P1001"), coded("ECONNREFUSED"), coded("57P01"), new Error("Connection terminated unexpectedly")]) {
      expect(databaseUnavailableIn(raw)).toBeNull()
    }
    expect(databaseUnavailableIn(null)).toBeNull()
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
