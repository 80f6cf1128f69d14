/**
 * Why copying the library into an app stopped before writing anything. Each
 * code is one thing the person moving the app fixes (or a flag they pass).
 */
export type CopyErrorCode =
  | "database_unknown"
  | "database_unsupported"
  | "bad_database_flag"
  | "name_taken"
  | "library_incomplete"
  | "prisma_generate_failed"

export class CopyLibraryError extends Error {
  readonly code: CopyErrorCode
  constructor(code: CopyErrorCode, message: string) {
    super(message)
    this.name = "CopyLibraryError"
    this.code = code
  }
}
