"use client"

import { useSession } from "@/lib/auth/react"

/** The session as a client component sees it through useSession(): its status and the user's name. */
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
