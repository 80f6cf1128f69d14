"use client"
/**
 * "2 minutes ago", with the exact time in the reader's own zone on hover and
 * focus (title, and the <time> element's dateTime for assistive technology).
 * The server cannot know the reader's zone: it renders from its own clock and
 * UTC, hydration reuses that first paint exactly (no mismatch), and then the
 * browser's clock and zone take over and keep the words current.
 */
import { useSyncExternalStore } from "react"
import { useHydrated } from "@/components/ui/use-hydrated"
import { exactTime, localExactTime, relativeTime } from "@/server/display/time"

const TICK_MS = 30_000

/** The browser's clock, to the minute's half: re-renders as "2 minutes ago" becomes "3 minutes ago". */
function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, TICK_MS)
  return () => clearInterval(timer)
}
const clientNow = () => Math.floor(Date.now() / TICK_MS) * TICK_MS
/** No clock on the server's side of hydration: the page's own "now" is used. */
const serverNow = () => null

export interface RelativeTimeProps {
  /** ISO 8601. */
  dateTime: string
  /** The server's clock when it rendered the page (ISO 8601): the first paint counts from it. */
  renderedAt: string
  className?: string
  testId?: string
}

export function RelativeTime({ dateTime, renderedAt, className, testId }: RelativeTimeProps) {
  const now = useSyncExternalStore(subscribe, clientNow, serverNow)
  const date = new Date(dateTime)
  const words = relativeTime(date, new Date(now ?? renderedAt))
  const exact = now === null ? exactTime(date) : localExactTime(date)
  return (
    <time dateTime={dateTime} title={exact} className={className} data-testid={testId}>
      {words}
    </time>
  )
}

/**
 * The exact time on its own, in the reader's zone once in the browser ("Nov 28, 2026, 7:09 AM GMT+1").
 * `as="span"` where a <time> for the same moment is already beside it.
 */
export function ExactTime({ dateTime, as = "time", className, testId }: { dateTime: string; as?: "time" | "span"; className?: string; testId?: string }) {
  const hydrated = useHydrated()
  const date = new Date(dateTime)
  const text = hydrated ? localExactTime(date) : exactTime(date)
  return as === "time" ? (
    <time dateTime={dateTime} className={className} data-testid={testId}>
      {text}
    </time>
  ) : (
    <span className={className} data-testid={testId}>
      {text}
    </span>
  )
}
