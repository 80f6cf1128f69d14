"use client"
import { useSession } from "next-auth/react"

// The starter's components/client-session.tsx on next-auth's useSession().
export function ClientSession() {
  const { data, status } = useSession()
  return (
    <span data-testid="client-session">
      <span data-testid="client-session-status">{status}</span>
      {data?.user ? (
        <>
          {" as "}
          <span data-testid="client-session-name">{data.user.name}</span>
        </>
      ) : null}
    </span>
  )
}
