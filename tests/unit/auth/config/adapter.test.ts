/**
 * The adapter as the library calls it (config/adapter.ts): whatever an
 * adapter method does (answer at once, resolve, throw, reject), the library
 * gets a promise, and a failure comes back as a logged AdapterError, or as
 * the DatabaseUnavailable itself for an outage.
 */
import { describe, expect, it } from "vitest"
import { wrapAdapter } from "@/lib/auth/config/adapter"
import { AdapterError, DatabaseUnavailable } from "@/lib/auth/errors"
import type { Adapter } from "@/lib/auth/adapters/types"
import type { LoggerInstance } from "@/lib/auth/logger"

function recordingLogger() {
  const errors: unknown[] = []
  const logger: LoggerInstance = { error: (_code, ...message) => errors.push(message[0]), warn: () => {}, debug: () => {} }
  return { logger, errors }
}

const user = { id: "u1", email: "a@example.com", emailVerified: null }

describe("wrapAdapter", () => {
  it("hands back a promise of the method's answer, whether the adapter answered at once or later", async () => {
    const { logger } = recordingLogger()
    const adapter = wrapAdapter({ getUser: (id: string) => (id === "u1" ? user : null) } as unknown as Adapter, logger)!
    const atOnce = adapter.getUser!("u1")
    expect(atOnce).toBeInstanceOf(Promise)
    expect(await atOnce).toEqual(user)
    const later = wrapAdapter({ getUser: async () => user } as Adapter, logger)!
    expect(await later.getUser!("u1")).toEqual(user)
  })

  it("turns a thrown or rejected failure into a rejected AdapterError naming the method, logged once", async () => {
    for (const getUser of [
      () => {
        throw new Error("boom")
      },
      async () => {
        throw new Error("boom")
      },
    ]) {
      const { logger, errors } = recordingLogger()
      const adapter = wrapAdapter({ getUser } as unknown as Adapter, logger)!
      let answer: Promise<unknown> | undefined
      // A synchronous throw must not escape the call: callers only ever handle a rejection.
      expect(() => (answer = adapter.getUser!("u1") as Promise<unknown>)).not.toThrow()
      const error = await answer!.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AdapterError)
      expect((error as Error).message).toBe("The adapter's getUser failed")
      expect((error as AdapterError).cause?.err?.message).toBe("boom")
      expect(errors).toEqual([error])
    }
  })

  it("lets an outage through as itself, without an AdapterError log line", async () => {
    const outage = new DatabaseUnavailable("database unreachable")
    const { logger, errors } = recordingLogger()
    const adapter = wrapAdapter(
      {
        getUser: () => {
          throw outage
        },
        getUserByEmail: async () => {
          throw outage
        },
      } as unknown as Adapter,
      logger,
    )!
    await expect(adapter.getUser!("u1")).rejects.toBe(outage)
    await expect(adapter.getUserByEmail!("a@example.com")).rejects.toBe(outage)
    expect(errors.filter((e) => e instanceof AdapterError && !(e instanceof DatabaseUnavailable))).toEqual([])
  })
})
