"use client"
import { useSession } from "next-auth/react"

export function ClientSession() {
  const { data, status } = useSession()
  return <span>{status === "authenticated" ? `Signed in as ${data.user?.email}` : status}</span>
}
