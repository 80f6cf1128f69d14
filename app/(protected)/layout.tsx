import type { ReactNode } from "react"
import { redirect } from "next/navigation"
import { signInPath } from "@/auth"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { sessionState } from "@/server/session-state"

/**
 * Defence in depth: the middleware already sends signed-out visitors to
 * sign-in, and this layout checks again on the server, so a matcher mistake
 * cannot expose these pages.
 */
export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  const { session, unavailable } = await sessionState()
  // Not a redirect to sign-in: the user may well be signed in, and sign-in cannot work now either.
  if (unavailable) return <ServiceUnavailable />
  // The middleware's redirect carries the exact callbackUrl; this fallback returns to the dashboard.
  if (!session?.user) redirect(signInPath("/dashboard"))
  return <>{children}</>
}
