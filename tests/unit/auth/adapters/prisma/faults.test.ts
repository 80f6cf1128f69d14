import { describe, expect, it } from "vitest"
import { asDatabaseUnavailable, isDatabaseOutage, withPrismaFaults } from "@/lib/auth/adapters/prisma"
import { AdapterError, DatabaseUnavailable } from "@/lib/auth/errors"

const coded = (code: string, message = "failed") => Object.assign(new Error(message), { code })

describe("the Prisma adapter tells a database outage from other failures", () => {
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
    const outage = asDatabaseUnavailable(error)
    expect(outage).toBeInstanceOf(DatabaseUnavailable)
    expect(outage?.cause?.err).toBe(error)
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

  it("a DatabaseUnavailable stays itself", () => {
    const outage = new DatabaseUnavailable("down")
    expect(asDatabaseUnavailable(outage)).toBe(outage)
  })

  it("withPrismaFaults rethrows an outage as DatabaseUnavailable and anything else unchanged", async () => {
    await expect(withPrismaFaults(async () => Promise.reject(coded("P1001")))()).rejects.toBeInstanceOf(DatabaseUnavailable)
    const other = coded("P2002")
    await expect(withPrismaFaults(async () => Promise.reject(other))()).rejects.toBe(other)
    expect(await withPrismaFaults(async (n: number) => n + 1)(1)).toBe(2)
  })
})
