// The root layout's metadata, in a module of its own (no auth import) so that bench:http's
// reference app (bench/next-auth-app) serves the same head.
import type { Metadata, Viewport } from "next"
import { appName } from "../server/app-name"

/**
 * What the product is, in a sentence or two: the home page says it under "Welcome to …", and
 * search results and link previews show it. The one place to describe your app; edit it freely.
 */
export const siteDescription =
  "Everything for your account in one place: sign in with a password, an email link, a passkey or a provider you already use, and keep it safe with two-factor authentication."

/** The head of every page for a product name: tabs read "Settings · Acme Books". */
export function metadataFor(name: string): Metadata {
  return {
    title: { default: name, template: `%s · ${name}` },
    description: siteDescription,
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
