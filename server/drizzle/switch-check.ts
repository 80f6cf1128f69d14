/**
 * The start-up check of AUTH_ADAPTER=drizzle over a file the Prisma adapter wrote: users with a
 * second factor or a ban in force, and live impersonation sessions, are state the Auth.js
 * contract cannot serve. Each such user is refused at sign-in either way; in production the
 * server does not start at all while any exist, so a switch made by mistake is seen at once
 * rather than by each user it locks out (docs/decisions/adapter-switch-fails-closed.md).
 */
import Database from "better-sqlite3"
import { unservedCounts, type UnservedCounts } from "./unserved-standing"

const WAY_BACK =
  "Unset AUTH_ADAPTER to go back to the Prisma adapter, or, before switching, turn those users' two-factor off and lift their bans " +
  "with it (and let impersonation sessions end)."

/** The line naming what the drizzle adapter cannot serve, or undefined when there is nothing. */
export function adapterSwitchProblem(counts: UnservedCounts): string | undefined {
  const parts = [
    counts.twoFactorUsers > 0 ? `${counts.twoFactorUsers} user(s) with two-factor sign-in on` : "",
    counts.suspendedUsers > 0 ? `${counts.suspendedUsers} suspended user(s)` : "",
    counts.impersonationSessions > 0 ? `${counts.impersonationSessions} live impersonation session(s)` : "",
  ].filter((part) => part !== "")
  if (parts.length === 0) return undefined
  return `AUTH_ADAPTER=drizzle cannot serve ${parts.join(", ")} recorded in this database: they are refused at sign-in. ${WAY_BACK}`
}

/** Counts what the file holds (read-only, its own short-lived connection). */
export function countUnserved(file: string): UnservedCounts {
  const connection = new Database(file, { readonly: true, fileMustExist: true })
  try {
    return unservedCounts(connection)
  } finally {
    connection.close()
  }
}

export interface SwitchCheckOptions {
  env?: NodeJS.ProcessEnv
  print?: (line: string) => void
  exit?: (code: number) => void
}

/** Production: refuse to start while anything is unserved. Development: say so and start. */
export function checkAdapterSwitchAtStartup(file: string, options: SwitchCheckOptions = {}): string | undefined {
  const problem = adapterSwitchProblem(countUnserved(file))
  if (problem === undefined) return undefined
  const print = options.print ?? ((line: string) => console.error(line))
  if ((options.env ?? process.env).NODE_ENV === "production") {
    print(`[auth] Refusing to start: ${problem}`)
    ;(options.exit ?? ((code: number) => process.exit(code)))(1)
  } else {
    print(`[auth] Warning: ${problem}`)
  }
  return problem
}
