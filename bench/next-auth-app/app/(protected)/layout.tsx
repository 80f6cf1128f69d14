import type { ReactNode } from "react"
import { redirect } from "next/navigation"
import { auth } from "@/auth"

// As the starter's (protected) layout: a second check on the server behind the middleware.
export default async function ProtectedLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard")
  return <>{children}</>
}
