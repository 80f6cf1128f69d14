import type { ReactNode } from "react"
import { redirect } from "next/navigation"
import { auth, signInPath } from "@/auth"

/**
 * Defence in depth: the middleware already sends signed-out visitors to
 * sign-in, and this layout checks again on the server, so a matcher mistake
 * cannot expose these pages.
 */
export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  // The middleware's redirect carries the exact callbackUrl; this fallback returns to the dashboard.
  if (!session?.user) redirect(signInPath("/dashboard"))
  return <>{children}</>
}
