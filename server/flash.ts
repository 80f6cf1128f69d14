/**
 * A one-line outcome ("Role changed", "Signed out") carried across the
 * redirect that ends a server action, so the next page can say what just
 * happened. A cookie, not a query parameter: a URL is bookmarked, shared and
 * reloaded, and the message must appear once. It holds plain text the app
 * wrote itself; the page renders it as text, never as markup.
 */
import { cookies } from "next/headers"
import { FLASH_COOKIE, type FlashKind, encodeFlash } from "./flash-cookie"

export type { FlashKind } from "./flash-cookie"

/** Call in a server action before it redirects (or returns to a page that navigates). */
export async function flash(message: string, kind: FlashKind = "success"): Promise<void> {
  const jar = await cookies()
  // encodeFlash gives the value as the browser's document.cookie shows it; Next's cookie store
  // percent-encodes what it is given, so it gets the decoded form (encoded twice, the toaster read nothing).
  jar.set(FLASH_COOKIE, decodeURIComponent(encodeFlash({ message, kind })), {
    path: "/",
    sameSite: "lax",
    // Long enough to survive a slow redirect, short enough that a message never greets a later visit.
    maxAge: 60,
    // The browser's toaster reads and clears it; the text is no secret.
    httpOnly: false,
    secure: process.env.AUTH_URL?.startsWith("https:") ?? false,
  })
}

/** In a server action that answers with a refusal in its form: an earlier action's message would read as this one's outcome. */
export async function clearFlash(): Promise<void> {
  const jar = await cookies()
  if (jar.has(FLASH_COOKIE)) jar.delete(FLASH_COOKIE)
}
