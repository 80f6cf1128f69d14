// The root layout's metadata, in a module of its own (no auth import) so that bench:http's
// reference app (bench/next-auth-app) serves the same head.
import type { Metadata, Viewport } from "next"
import { appName } from "../server/app-name"

/** The head of every page for a product name: tabs read "Settings · Acme Books". */
export function metadataFor(name: string): Metadata {
  return {
    title: { default: name, template: `%s · ${name}` },
    description:
      "A Next.js App Router starter with its own authentication library: email and password sign-in, database or JWT sessions, protected routes.",
    icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
  }
}

/** The metadata for APP_NAME as the running server sees it (the root layout's generateMetadata). */
export function siteMetadata(): Metadata {
  return metadataFor(appName())
}

export const siteViewport: Viewport = {
  colorScheme: "light dark",
}
