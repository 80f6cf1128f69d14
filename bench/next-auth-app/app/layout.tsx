import type { ReactNode } from "react"
import Link from "next/link"
import { auth } from "@/auth"
import { Providers } from "@/components/providers"

// Like the starter's root layout: the session for the header and the client provider.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  return (
    <html lang="en">
      <body>
        <Providers session={session}>
          <header>
            <Link href="/">Home</Link> <span>{session?.user ? session.user.email : <a href="/api/auth/signin">Sign in</a>}</span>
          </header>
          <main>{children}</main>
        </Providers>
      </body>
    </html>
  )
}
