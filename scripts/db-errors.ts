// How the db scripts report failures: one line for problems the user can fix, the full error otherwise.
import { MigrationEngineError } from "../lib/db/migrate"
import { DatabaseConfigError } from "../lib/db/url"

/** Prints the failure and returns the exit code. */
export function reportFailure(error: unknown): number {
  if (error instanceof DatabaseConfigError) {
    console.error(`error: ${error.message}`)
  } else if (error instanceof MigrationEngineError) {
    console.error(`error: ${error.message.trimEnd()}`)
  } else {
    console.error(error)
  }
  return 1
}
