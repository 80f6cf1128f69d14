"use client"
import type { ReactNode } from "react"
import type { Session } from "next-auth"
import { SessionProvider } from "next-auth/react"

// As the starter's components/providers.tsx: the server's session seeds useSession(), refetched every 5 minutes.
export function Providers({ session, children }: { session: Session | null; children: ReactNode }) {
  return (
    <SessionProvider session={session} refetchInterval={5 * 60}>
      {children}
    </SessionProvider>
  )
}
