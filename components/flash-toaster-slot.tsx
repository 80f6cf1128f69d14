"use client"
/**
 * Where the root layout puts the toaster. The toast library injects its
 * stylesheet as an inline <style> element the moment its module loads, which
 * the app's auth pages refuse: their Content-Security-Policy allows only
 * styles that carry the request's nonce. So the toaster's module is loaded
 * only on pages that allow it, and never on an auth page, which leaves
 * nothing to toast about anyway (their outcomes are part of the page).
 */
import dynamic from "next/dynamic"
import { usePathname } from "next/navigation"
import { isAuthPage } from "@/server/auth-page-headers"

const Toaster = dynamic(() => import("./flash-toaster").then((module) => module.FlashToaster), { ssr: false })

export function FlashToasterSlot() {
  const pathname = usePathname()
  if (isAuthPage(pathname)) return null
  return <Toaster />
}
