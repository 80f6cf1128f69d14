"use client"
/**
 * Where the root layout puts the toaster. The toast library injects its
 * stylesheet as an inline <style> element the moment its module loads, which
 * the app's auth pages refuse: their Content-Security-Policy allows only
 * styles that carry the request's nonce. So the toaster's module is loaded
 * only on pages that allow it, and never on an auth page, which leaves
 * nothing to toast about anyway (their outcomes are part of the page). A
 * document keeps the policy it was loaded with through client-side
 * navigation, so one that began on an auth page never loads it either.
 *
 * Nothing of it renders on the server: a toast comes from the browser's
 * cookie once the page runs. It waits for hydration instead of next/dynamic's
 * `ssr: false`, which throws (and the server catches) on every page.
 */
import { usePathname } from "next/navigation"
import { lazy, Suspense } from "react"
import { useHydrated } from "@/components/ui/use-hydrated"
import { isAuthPage } from "@/server/auth-page-headers"

// Read once, when the document's first page loads this module.
const documentBeganOnAuthPage = typeof window !== "undefined" && isAuthPage(window.location.pathname)

const Toaster = lazy(() => import("./flash-toaster").then((module) => ({ default: module.FlashToaster })))

export function FlashToasterSlot() {
  const pathname = usePathname()
  const hydrated = useHydrated()
  if (!hydrated || documentBeganOnAuthPage || isAuthPage(pathname)) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
