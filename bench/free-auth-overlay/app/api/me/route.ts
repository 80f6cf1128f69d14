import { auth } from "@/auth"

/** The same route as the starter's app/api/me: the session as JSON, or 401. */
export async function GET(): Promise<Response> {
  const session = await auth()
  if (!session?.user) return Response.json({ error: "Unauthorized" }, { status: 401 })
  return Response.json(session, { headers: { "Cache-Control": "private, no-store" } })
}
