"use client"

import { useSession } from "@/lib/auth/react"
import { ClientSessionView } from "./client-session-view"

/** The session as a client component sees it through useSession(): its status and the user's name. */
export function ClientSession() {
  const { data, status } = useSession()
  return <ClientSessionView status={status} user={data?.user} />
}
