"use client"

import type { ReactNode } from "react"
import type { Session } from "@/lib/auth/types"
import { SessionProvider } from "@/lib/auth/react"

/** Client-side context for components that use useSession(); seeded with the server's session. */
export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  return (
    <SessionProvider session={session} refetchInterval={5 * 60}>
      {children}
    </SessionProvider>
  )
}
