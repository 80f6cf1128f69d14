import type { Metadata, Viewport } from "next"
import { Suspense, type ReactNode } from "react"
import { authBasePath, mayOpenAdminArea } from "@/auth"
import { sessionState } from "@/server/session-state"
import { Providers } from "@/components/providers"
import { FlashToasterSlot } from "@/components/flash-toaster-slot"
import { SiteHeader } from "@/components/site-header"
import { UserMenu } from "@/components/user-menu"
import { ImpersonationBanner } from "@/components/impersonation-banner"
import { impersonationOf } from "@/server/admin/impersonator"
import { OrganizationSwitcher } from "@/components/organization-switcher"
import { organizationListAction, switchOrganizationAction } from "@/components/organization-switch-actions"
import { headerOrganization } from "@/server/organizations/header-organization"
import { siteMetadata, siteViewport } from "./site-metadata"
import "./globals.css"

// A function, not a constant: the name is read when a page is served, so a changed APP_NAME
// needs a restart, never a rebuild.
export function generateMetadata(): Metadata {
  return siteMetadata()
}

export const viewport: Viewport = siteViewport

export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  // During a database outage the header shows no account menu; the pages say why.
  const { session } = await sessionState()
  // While an admin impersonates a user, every page says so.
  const impersonation = await impersonationOf(session)
  // The organization switcher once the user belongs to one; before that, the account menu offers to create one.
  // Only the current organization's name is read here; the switcher's list is read when it opens.
  const header = await headerOrganization(session)
  return (
    <html lang="en">
      <body className="min-h-screen bg-canvas font-sans text-fg">
        <Providers session={session} basePath={authBasePath}>
          {impersonation ? <ImpersonationBanner impersonation={impersonation} /> : null}
          <SiteHeader
            account={<UserMenu session={session} createOrganization={Boolean(header) && !header?.any} />}
            organizations={
              header?.any ? <OrganizationSwitcher initial={header.current} switchAction={switchOrganizationAction} loadList={organizationListAction} /> : null
            }
            signedIn={Boolean(session?.user)}
            admin={mayOpenAdminArea(session)}
          />
          <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">{children}</main>
          {/* Reads the URL on each navigation: outside Suspense that would opt every page out of static rendering. */}
          <Suspense fallback={null}>
            <FlashToasterSlot />
          </Suspense>
        </Providers>
      </body>
    </html>
  )
}
