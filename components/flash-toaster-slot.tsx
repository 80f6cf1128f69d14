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
 */
import dynamic from "next/dynamic"
import { usePathname } from "next/navigation"
import { isAuthPage } from "@/server/auth-page-headers"

// Read once, when the document's first page loads this module.
const documentBeganOnAuthPage = typeof window !== "undefined" && isAuthPage(window.location.pathname)

const Toaster = dynamic(() => import("./flash-toaster").then((module) => module.FlashToaster), { ssr: false })

export function FlashToasterSlot() {
  const pathname = usePathname()
  if (documentBeganOnAuthPage || isAuthPage(pathname)) return null
  return <Toaster />
}
