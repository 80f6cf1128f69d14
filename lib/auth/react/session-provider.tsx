"use client"

/**
 * The React session context: SessionProvider and useSession, kept in step
 * across tabs and refreshed on focus. It talks to the server only through the
 * client functions in client.ts.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react"
import type { Session } from "../types"
import { defaultBasePath, fetchSessionUnlessUnavailable, SESSION_CHANNEL, setDefaultBasePath, updateSession } from "./client"

export type SessionStatus = "loading" | "authenticated" | "unauthenticated"

export interface SessionContextValue {
  data: Session | null
  status: SessionStatus
  /**
   * Runs the update flow on the server (trigger "update") and stores the new
   * session. Resolves to null, leaving the current session in place, when the
   * update itself failed.
   */
  update: (data?: unknown) => Promise<Session | null>
}

const SessionContext = createContext<(SessionContextValue & { basePath: string }) | undefined>(undefined)

export interface SessionProviderProps {
  children: ReactNode
  /** The session read on the server, so the first render is not "loading". */
  session?: Session | null
  /**
   * Where the auth routes are (default /api/auth). Pass the server's configured
   * base path; signIn(), signOut() and the other client calls then use it too.
   */
  basePath?: string
  /** Seconds between background refetches; 0 turns them off. */
  refetchInterval?: number
  refetchOnWindowFocus?: boolean
  refetchWhenOffline?: boolean
}

export function SessionProvider({
  children,
  session: initial,
  basePath: givenBasePath,
  refetchInterval = 0,
  refetchOnWindowFocus = true,
  refetchWhenOffline = false,
}: SessionProviderProps) {
  // Registered during render, before any child's effect or handler can call the client.
  if (givenBasePath !== undefined) setDefaultBasePath(givenBasePath)
  const basePath = givenBasePath ?? defaultBasePath()
  const [session, setSession] = useState<Session | null | undefined>(initial)
  const [loading, setLoading] = useState(initial === undefined)
  const latest = useRef(0)

  const refetch = useCallback(async () => {
    if (!refetchWhenOffline && typeof navigator !== "undefined" && navigator.onLine === false) return
    const call = ++latest.current
    const next = await fetchSessionUnlessUnavailable(basePath)
    // A slower, older request must not overwrite a newer answer; an outage changes nothing.
    if (call !== latest.current || next === undefined) return
    setSession(next)
    setLoading(false)
  }, [basePath, refetchWhenOffline])

  // A server re-render (e.g. after a server action revalidates the layout) passes a new session
  // down: adopt it during render, React's pattern for state derived from a changed prop.
  const [seen, setSeen] = useState(initial)
  if (initial !== seen) {
    setSeen(initial)
    if (initial !== undefined) {
      setSession(initial)
      setLoading(false)
    }
  }

  useEffect(() => {
    if (initial === undefined) void refetch()
  }, [initial, refetch])

  useEffect(() => {
    if (!refetchOnWindowFocus) return
    const onVisible = () => {
      if (document.visibilityState === "visible") void refetch()
    }
    document.addEventListener("visibilitychange", onVisible)
    return () => document.removeEventListener("visibilitychange", onVisible)
  }, [refetch, refetchOnWindowFocus])

  useEffect(() => {
    if (!refetchInterval) return
    const timer = setInterval(() => void refetch(), refetchInterval * 1000)
    return () => clearInterval(timer)
  }, [refetch, refetchInterval])

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return
    const channel = new BroadcastChannel(SESSION_CHANNEL)
    channel.onmessage = () => void refetch()
    return () => channel.close()
  }, [refetch])

  const update = useCallback(
    async (data?: unknown) => {
      setLoading(true)
      try {
        const next = await updateSession(data, basePath)
        setSession(next)
        return next
      } catch {
        // The update failed, not the session: keep showing the one we have
        // (showing "signed out" would be false) and report null, as for no update.
        return null
      } finally {
        setLoading(false)
      }
    },
    [basePath],
  )

  const value = useMemo(
    () => ({
      data: session ?? null,
      status: (loading ? "loading" : session ? "authenticated" : "unauthenticated") as SessionStatus,
      update,
      basePath,
    }),
    [session, loading, update, basePath],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export interface UseSessionOptions {
  /** Send unauthenticated users to sign-in (or run onUnauthenticated). */
  required?: boolean
  onUnauthenticated?: () => void
}

export function useSession(options: UseSessionOptions = {}): SessionContextValue {
  const context = useContext(SessionContext)
  if (!context) throw new Error("useSession must be used inside <SessionProvider>")
  const { required, onUnauthenticated } = options
  const mustLeave = required === true && context.status === "unauthenticated"

  useEffect(() => {
    if (!mustLeave) return
    if (onUnauthenticated) return onUnauthenticated()
    const params = new URLSearchParams({ error: "SessionRequired", callbackUrl: window.location.href })
    // The sign-in page is served by the auth route handler, not the router: a full navigation is right.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`${context.basePath}/signin?${params}`)
  }, [mustLeave, onUnauthenticated, context.basePath])

  if (mustLeave) return { data: null, status: "loading", update: context.update }
  return { data: context.data, status: context.status, update: context.update }
}
