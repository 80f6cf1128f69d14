import type { Metadata, Viewport } from "next"
import { Suspense, type ReactNode } from "react"
import { auth } from "@/auth"
import { readHeaderOrganization } from "@/account"
import { organizationList, switchOrganization } from "@/components/organization-actions"
import { Providers } from "@/components/providers"
import { UserMenu } from "@/components/user-menu"
// The starter's head, header and switcher, shared with its app/layout.tsx (no auth in them).
import { siteMetadata, siteViewport } from "../../../app/site-metadata"
import { FlashToasterSlot } from "../../../components/flash-toaster-slot"
import { OrganizationSwitcher } from "../../../components/organization-switcher"
import { SiteHeader } from "../../../components/site-header"
// The starter's stylesheet, as its root layout imports it: every page then carries the same link
// and the same style resources in its Flight data, which a page pays for on each request.
import "../../../app/globals.css"

export function generateMetadata(): Metadata {
  return siteMetadata()
}

export const viewport: Viewport = siteViewport

// The starter's root layout on next-auth's auth(): both apps render the same page around the
// session, the organization switcher included once the user belongs to an organization.
export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  const session = await auth()
  const userId = session?.user?.id
  const header = userId ? await readHeaderOrganization(userId) : null
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas font-sans text-fg">
        <Providers session={session}>
          <SiteHeader
            account={<UserMenu session={session} createOrganization={Boolean(header) && !header?.any} />}
            organizations={header?.any ? <OrganizationSwitcher initial={header.current} switchAction={switchOrganization} loadList={organizationList} /> : null}
            signedIn={Boolean(session?.user)}
          />
          <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">{children}</main>
          <Suspense fallback={null}>
            <FlashToasterSlot />
          </Suspense>
        </Providers>
      </body>
    </html>
  )
}
