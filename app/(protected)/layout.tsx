import type { ReactNode } from "react"
import { headers } from "next/headers"
import { redirect } from "next/navigation"
import { auth } from "@/auth"

/**
 * Defence in depth: the middleware already sends signed-out visitors to
 * sign-in, and this layout checks again on the server, so a matcher mistake
 * cannot expose these pages.
 */
export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  if (!session?.user) {
    const path = (await headers()).get("x-invoke-path") ?? "/dashboard"
    redirect(`/api/auth/signin?${new URLSearchParams({ callbackUrl: path })}`)
  }
  return <>{children}</>
}
