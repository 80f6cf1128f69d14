import type { Metadata, Viewport } from "next"
import type { ReactNode } from "react"
import { auth } from "@/auth"
import { Providers } from "@/components/providers"
import { UserMenu } from "@/components/user-menu"
// The starter's head and header, shared with its app/layout.tsx (no auth in them).
import { siteMetadata, siteViewport } from "../../../app/site-metadata"
import { SiteHeader } from "../../../components/site-header"

export function generateMetadata(): Metadata {
  return siteMetadata()
}

export const viewport: Viewport = siteViewport

// The starter's root layout on next-auth's auth(): both apps render the same page around the session.
export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  const session = await auth()
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas font-sans text-fg">
        <Providers session={session}>
          <SiteHeader account={<UserMenu session={session} />} signedIn={Boolean(session?.user)} />
          <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">{children}</main>
        </Providers>
      </body>
    </html>
  )
}
