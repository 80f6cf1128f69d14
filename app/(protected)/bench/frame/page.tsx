import type { Metadata } from "next"
import { sessionState } from "@/server/session-state"

/**
 * bench:http's empty signed-in page: the dashboard's frame (middleware, root
 * layout with its header, protected layout) around a greeting and nothing
 * else. What it costs is the floor of every signed-in page, so its ratio to
 * the reference app's same page bounds what any page can reach. Harmless in
 * production: it greets its own user.
 */
export const metadata: Metadata = { title: "Dashboard" }

export default async function FramePage() {
  const { session } = await sessionState()
  return <h1 className="text-display">Welcome, {session?.user?.name ?? session?.user?.email}</h1>
}
