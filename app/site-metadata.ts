// The root layout's metadata, in a module of its own (no auth import) so that bench:http's
// reference app (bench/next-auth-app) serves the same head.
import type { Metadata, Viewport } from "next"

export const siteMetadata: Metadata = {
  title: {
    default: "Next.js Auth Starter",
    template: "%s · Next.js Auth Starter",
  },
  description:
    "A Next.js App Router starter with its own authentication library: email and password sign-in, database or JWT sessions, protected routes.",
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
}

export const siteViewport: Viewport = {
  colorScheme: "light dark",
}
