import { describe, expect, it } from "vitest"
import { HashGate, PasswordHasherBusy, passwordHashGate } from "@/server/accounts/hash-gate"

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe("HashGate: a cap on concurrent password hashes", () => {
  it("runs at most `concurrency` at once, queues a few, refuses the rest at once", async () => {
    const gate = new HashGate({ concurrency: 2, queueLimit: 3 })
    let running = 0
    let peak = 0
    const release = deferred()
    const work = async () => {
      running++
      peak = Math.max(peak, running)
      await release.promise
      running--
      return "done"
    }
    const results = Array.from({ length: 10 }, () => gate.run(work).then((v) => v, (e: unknown) => e))
    await new Promise((r) => setTimeout(r, 10))
    release.resolve()
    const settled = await Promise.all(results)
    expect(peak).toBe(2)
    expect(settled.filter((r) => r === "done")).toHaveLength(5)
    expect(settled.filter((r) => r instanceof PasswordHasherBusy)).toHaveLength(5)
  })

  it("frees its slot when the work throws", async () => {
    const gate = new HashGate({ concurrency: 1, queueLimit: 0 })
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom")
    expect(await gate.run(async () => 1)).toBe(1)
  })

  it("is one gate per process, leaving a core free", () => {
    expect(passwordHashGate()).toBe(passwordHashGate())
    expect(passwordHashGate().concurrency).toBeGreaterThanOrEqual(1)
  })
})
