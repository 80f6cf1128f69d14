/** The flash cookie's name and format, shared by the server action side and the browser's toaster. */
export const FLASH_COOKIE = "app-flash"

export type FlashKind = "success" | "error" | "info"

export interface Flash {
  message: string
  kind: FlashKind
}

// A toast is one sentence: anything longer was not written for it.
const MAX_LENGTH = 200
const KINDS: readonly FlashKind[] = ["success", "error", "info"]

export function encodeFlash({ message, kind }: Flash): string {
  return encodeURIComponent(JSON.stringify({ m: message.slice(0, MAX_LENGTH), k: kind }))
}

/** Anything that is not a flash this app wrote reads as none. */
export function decodeFlash(value: string | undefined): Flash | null {
  if (!value) return null
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value))
    if (typeof parsed !== "object" || parsed === null) return null
    const { m, k } = parsed as { m?: unknown; k?: unknown }
    if (typeof m !== "string" || m.trim() === "") return null
    const kind = KINDS.find((known) => known === k) ?? "info"
    return { message: m.slice(0, MAX_LENGTH), kind }
  } catch {
    return null
  }
}
