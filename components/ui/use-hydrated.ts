"use client"
import { useSyncExternalStore } from "react"

const subscribeToNothing = () => () => {}

/**
 * False on the server and while the page hydrates, true once the client
 * renders on its own (right after hydration, or at once on a client-side
 * navigation). For what the server should not render, or cannot know.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  )
}
