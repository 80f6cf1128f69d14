/**
 * The home page's welcome: the product's name (APP_NAME) and what it is
 * (siteDescription, app/site-metadata.ts, the one place to describe the
 * product). Markup only, so that bench:http's reference app renders the same
 * home page (bench/next-auth-app).
 */
import { appName } from "@/server/app-name"
import { siteDescription } from "@/app/site-metadata"

export function HomeIntro() {
  return (
    <>
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Welcome to {appName()}</h1>
      <p className="max-w-xl text-lg text-muted text-pretty">{siteDescription}</p>
    </>
  )
}
