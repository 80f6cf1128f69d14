/**
 * A cap on concurrent password hashes. scrypt is deliberately expensive, and
 * sign-up and sign-in run it for anyone who asks: unbounded, ten requests a
 * second take every core. At most `concurrency` hashes run at once (one core
 * left for everything else), a few more wait in line, and beyond that the
 * caller is told the server is busy right away instead of queueing for
 * seconds. Process-wide (globalThis), so every server bundle shares one gate.
 *
 * Because the gate is shared, its refusal is an instance of whichever bundle's
 * class created the gate: callers recognise it by `isPasswordHasherBusy`
 * (its code), never by `instanceof`.
 */
import { availableParallelism } from "node:os"

export const PASSWORD_HASHER_BUSY = "password_hasher_busy"

export class PasswordHasherBusy extends Error {
  readonly code = PASSWORD_HASHER_BUSY
  /** How long a refused caller is asked to wait (the Retry-After of a 429). */
  readonly retryAfterSeconds = 1

  constructor() {
    super("Too many password checks are running; try again in a moment.")
    this.name = "PasswordHasherBusy"
  }
}

/** Whether `error` is the gate's refusal, from this bundle's copy of the class or any other's. */
export function isPasswordHasherBusy(error: unknown): error is PasswordHasherBusy {
  return error instanceof Error && (error as { code?: unknown }).code === PASSWORD_HASHER_BUSY
}

export class HashGate {
  readonly concurrency: number
  readonly queueLimit: number
  #running = 0
  readonly #waiting: Array<() => void> = []

  constructor(options: { concurrency: number; queueLimit: number }) {
    this.concurrency = options.concurrency
    this.queueLimit = options.queueLimit
  }

  /** Runs `work` when a slot is free; throws PasswordHasherBusy when the line is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queueLimit) throw new PasswordHasherBusy()
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    } else {
      this.#running++
    }
    try {
      return await work()
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.#waiting.shift()
      if (next) next()
      else this.#running--
    }
  }
}

const globalKey = Symbol.for("next-auth-starter.accounts.hash-gate")
const processWide = globalThis as typeof globalThis & { [globalKey]?: HashGate }

/** The process's gate: cores − 1 hashes at once (at least 1), 8 waiting. */
export function passwordHashGate(): HashGate {
  processWide[globalKey] ??= new HashGate({ concurrency: Math.max(1, availableParallelism() - 1), queueLimit: 8 })
  return processWide[globalKey]
}
