import type { Metadata, Viewport } from "next"
import type { ReactNode } from "react"
import Link from "next/link"
import { auth } from "@/auth"
import { Providers } from "@/components/providers"
import { UserMenu } from "@/components/user-menu"

// The starter's root layout (app/layout.tsx): the same metadata, header and account menu, so that
// both apps render the same page around the session (bench:http compares the session handling).
export const metadata: Metadata = {
  title: {
    default: "Next.js Auth Starter",
    template: "%s · Next.js Auth Starter",
  },
  description:
    "A Next.js App Router starter with its own authentication library: email and password sign-in, database or JWT sessions, protected routes.",
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
}

export const viewport: Viewport = {
  colorScheme: "light dark",
}

export default async function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  const session = await auth()
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Providers session={session}>
          <header className="border-b border-zinc-200 dark:border-zinc-800">
            <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
              <Link href="/" className="font-semibold tracking-tight">
                Auth Starter
              </Link>
              <nav aria-label="Account" data-testid="header-account">
                <UserMenu session={session} />
              </nav>
            </div>
          </header>
          <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">{children}</main>
        </Providers>
      </body>
    </html>
  )
}
