"use client"

import { useSession } from "@/lib/auth/react"

/** The session as a client component sees it (useSession), next to what the server rendered. */
export function ClientSession() {
  const { data, status } = useSession()
  return (
    <p className="font-mono text-sm" data-testid="client-session">
      <span data-testid="client-session-status">{status}</span>
      {data?.user ? (
        <>
          {" · "}
          <span data-testid="client-session-name">{data.user.name}</span>
        </>
      ) : null}
    </p>
  )
}
