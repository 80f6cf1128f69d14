import Link from "next/link"
import { redirect } from "next/navigation"
import { auth } from "@/auth"
import { ClientSession } from "@/components/client-session"

// Guarded by the middleware's `authorized`, and checked again here, as the starter's dashboard is.
export default async function DashboardPage() {
  const session = await auth()
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard")
  const { user } = session
  return (
    <div>
      <h1>
        Welcome, <span data-testid="dashboard-user-name">{user.name ?? user.email}</span>
      </h1>
      <dl>
        <dt>Email</dt>
        <dd data-testid="dashboard-user-email">{user.email}</dd>
        <dt>Session expires</dt>
        <dd>{new Date(session.expires).toUTCString()}</dd>
        <dt>In the browser (useSession)</dt>
        <dd>
          <ClientSession />
        </dd>
      </dl>
      <Link href="/">Home</Link>
    </div>
  )
}
