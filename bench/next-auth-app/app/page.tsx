import Link from "next/link"
import { auth } from "@/auth"

export default async function HomePage() {
  const session = await auth()
  return (
    <section>
      <h1>next-auth reference app</h1>
      {session?.user ? <Link href="/dashboard">Go to your dashboard</Link> : <a href="/api/auth/signin">Sign in</a>}
      <p>{session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}</p>
    </section>
  )
}
