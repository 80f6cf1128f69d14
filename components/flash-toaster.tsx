"use client"
/**
 * Shows the outcome a server action left behind (server/flash.ts) as a toast
 * on the page it redirected to. Sonner's region is a polite live region, so a
 * screen reader announces the message too. The cookie is cleared as soon as
 * it is read: a reload or the back button never repeats it.
 */
import { useEffect } from "react"
import { usePathname, useSearchParams } from "next/navigation"
import { Toaster, toast } from "sonner"
import { FLASH_COOKIE, decodeFlash } from "@/server/flash-cookie"

function takeFlashCookie(): string | undefined {
  const prefix = `${FLASH_COOKIE}=`
  const entry = document.cookie.split("; ").find((part) => part.startsWith(prefix))
  if (!entry) return undefined
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
  return entry.slice(prefix.length)
}

export function FlashToaster() {
  const pathname = usePathname()
  const search = useSearchParams()
  useEffect(() => {
    const flash = decodeFlash(takeFlashCookie())
    if (!flash) return
    if (flash.kind === "error") toast.error(flash.message)
    else if (flash.kind === "success") toast.success(flash.message)
    else toast(flash.message)
    // Each navigation may carry a new message.
  }, [pathname, search])
  return (
    <Toaster
      position="bottom-right"
      closeButton
      toastOptions={{
        // Our tokens, so light and dark follow the app's theme and keep its contrast.
        unstyled: false,
        classNames: {
          toast: "!bg-surface !text-fg !border !border-border-strong !shadow-lg",
          description: "!text-muted",
          closeButton: "!bg-surface !text-fg !border-border",
        },
      }}
    />
  )
}

/** For actions that stay on the page (a client component's own result): the same toaster. */
export { toast }
