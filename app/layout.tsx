import type { Metadata, Viewport } from "next"
import type { ReactNode } from "react"
import Link from "next/link"
import "./globals.css"

export const metadata: Metadata = {
  title: {
    default: "Next.js Auth Starter",
    template: "%s · Next.js Auth Starter",
  },
  description:
    "A Next.js App Router starter with its own authentication library: OAuth, email links, passwords and passkeys, with database or JWT sessions.",
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
}

export const viewport: Viewport = {
  colorScheme: "light dark",
}

export default function RootLayout({ children }: Readonly<{ children: ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <header className="border-b border-zinc-200 dark:border-zinc-800">
          <div className="mx-auto flex max-w-3xl items-center justify-between px-6 py-4">
            <Link href="/" className="font-semibold tracking-tight">
              Auth Starter
            </Link>
            {/* Sign-in / user menu goes here once the auth wiring lands. */}
            <nav aria-label="Account" data-testid="header-account" />
          </div>
        </header>
        <main className="mx-auto max-w-3xl px-6 py-12">{children}</main>
      </body>
    </html>
  )
}
