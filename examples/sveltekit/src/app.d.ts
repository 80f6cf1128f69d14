import type { Session } from "$auth"

declare global {
  namespace App {
    interface Locals {
      /** Set by the auth `handle` hook: the session of this request, read once. */
      auth(): Promise<Session | null>
    }
  }
}

export {}
