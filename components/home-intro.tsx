/**
 * The home page's title and what the starter is. Markup only, so that
 * bench:http's reference app renders the same home page (bench/next-auth-app).
 */
import { appName } from "@/server/app-name"

export function HomeIntro() {
  return (
    <>
      <h1 className="text-4xl font-bold tracking-tight">{appName()}</h1>
      <p className="text-lg text-muted">
        A Next.js App Router template with its own authentication library. Accounts live in your
        database (SQLite out of the box, PostgreSQL by one environment variable); sessions live in
        the database or in an encrypted cookie.
      </p>
    </>
  )
}
