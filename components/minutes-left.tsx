"use client"
/**
 * "58 min left" until a moment, kept current in the browser. The server's
 * first paint counts from its own clock; hydration reuses it (no mismatch),
 * then the browser's clock takes over.
 */
import { useSyncExternalStore } from "react"

const TICK_MS = 15_000

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, TICK_MS)
  return () => clearInterval(timer)
}
// The clock is read in steps (a snapshot must stay equal between renders); rounding the step up,
// never down, keeps the count from ever showing more time than the impersonation has left.
const clientNow = () => Math.ceil(Date.now() / TICK_MS) * TICK_MS
const serverNow = () => null

export function minutesLeftText(end: Date, now: Date): string {
  const minutes = Math.ceil((end.getTime() - now.getTime()) / 60_000)
  return minutes <= 0 ? "ending now" : `${minutes} min left`
}

export function MinutesLeft({ endsAt, renderedAt }: { endsAt: string; renderedAt: string }) {
  const now = useSyncExternalStore(subscribe, clientNow, serverNow)
  return (
    <time dateTime={endsAt} data-testid="impersonation-time-left">
      {minutesLeftText(new Date(endsAt), new Date(now ?? renderedAt))}
    </time>
  )
}
