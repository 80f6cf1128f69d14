"use client"

import type { ReactNode } from "react"
import type { Session } from "@/lib/auth"
import { SessionProvider } from "@/lib/auth/react"

/** Client-side context for components that use useSession(); seeded with the server's session. */
export function Providers({ session, basePath, children }: { session: Session | null; basePath: string; children: ReactNode }) {
  return (
    <SessionProvider session={session} basePath={basePath} refetchInterval={5 * 60}>
      {children}
    </SessionProvider>
  )
}
