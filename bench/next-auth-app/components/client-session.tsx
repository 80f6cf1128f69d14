"use client"
import { useSession } from "next-auth/react"
import { ClientSessionView } from "../../../components/client-session-view"

// The starter's components/client-session.tsx on next-auth's useSession().
export function ClientSession() {
  const { data, status } = useSession()
  return <ClientSessionView status={status} user={data?.user} />
}
