import { cookies } from "next/headers"
import { FLASH_COOKIE, decodeFlash } from "@/server/flash-cookie"
import { Alert } from "./ui"

/**
 * The outcome a server action left behind (server/flash.ts), for a browser
 * without JavaScript: the toaster that shows it runs only with a script, so
 * the page the action redirected to says it here instead. A browser with a
 * script ignores what is inside noscript, and its toaster shows the message
 * once. Without a script nothing clears the cookie, so a reload within its
 * minute shows the message again; the next action's message replaces it.
 */
export async function FlashWithoutScript() {
  const flash = decodeFlash((await cookies()).get(FLASH_COOKIE)?.value)
  if (!flash) return null
  return (
    <noscript>
      <Alert tone={flash.kind} data-testid="flash-without-script">
        {flash.message}
      </Alert>
    </noscript>
  )
}
