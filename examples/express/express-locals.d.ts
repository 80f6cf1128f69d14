// What server.ts keeps on res.locals, for the type checker (Express's own Locals interface, extended).
import type { Session } from "../../lib/auth"

declare global {
  namespace Express {
    interface Locals {
      /** Set by readSession: the request's session, null when signed out. */
      session?: Session | null
    }
  }
}

export {}
