import type { Metadata } from "next"
import { auth } from "@/auth"

// The starter's empty signed-in page (app/(protected)/bench/frame/page.tsx) on next-auth's auth().
export const metadata: Metadata = { title: "Dashboard" }

export default async function FramePage() {
  const session = await auth()
  return <h1 className="text-display">Welcome, {session?.user?.name ?? session?.user?.email}</h1>
}
