/**
 * GET /settings/export: "Download my data" as a JSON attachment. The user is
 * the session's, never a parameter: there is no way to name another user.
 * The middleware already sends a signed-out browser to sign-in (/settings is
 * a protected path); the guard checks again. Like every other sensitive
 * Settings action it needs a recent proof of identity: the file gathers the
 * whole account (addresses, devices, activity) in one click, which a stolen
 * session should not get. A stale session goes to "Confirm it's you" and
 * comes back to Settings, which starts the download (data-export-resume.tsx).
 * Nothing of it may be cached anywhere (no-store): it is one person's data.
 */
import { requireRecentAuthentication, securityLog, sessions } from "@/auth"
import { getPrisma } from "@/lib/db/client"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import { buildDataExport, dataExportFileName } from "@/server/accounts/data-export"
import { EXPORT_READY_QUERY } from "../data-export-query"

const NO_STORE = { "Cache-Control": "private, no-store" }

/** Security log entries exported: the library's most per read (it keeps 90 days by default). */
const SECURITY_EVENTS_EXPORTED = 500

export async function GET(): Promise<Response> {
  try {
    const userId = (await requireRecentAuthentication({ callbackUrl: `/settings?${EXPORT_READY_QUERY}` })).user?.id
    if (!userId) return Response.json({ error: "Unauthorized" }, { status: 401, headers: NO_STORE })
    const listing = await sessions.list()
    const now = new Date()
    const data = await buildDataExport(getPrisma(), userId, {
      sessions: listing.status === "ok" ? listing.sessions : null,
      securityEvents: await securityLog.list(userId, SECURITY_EVENTS_EXPORTED),
      now,
    })
    if (!data) return Response.json({ error: "Unauthorized" }, { status: 401, headers: NO_STORE })
    return new Response(`${JSON.stringify(data, null, 2)}\n`, {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${dataExportFileName(now)}"`,
        "X-Content-Type-Options": "nosniff",
      },
    })
  } catch (error) {
    if (isDatabaseOutage(error)) {
      return Response.json({ error: "Temporarily unavailable: the database does not answer. Try again in a moment." }, { status: 503, headers: NO_STORE })
    }
    throw error
  }
}
