import { auth } from "@/auth"

/** The same route as the starter's app/api/me: the session as JSON, or 401. */
export const GET = auth((request) => {
  if (!request.auth?.user) return Response.json({ error: "Unauthorized" }, { status: 401 })
  return Response.json(request.auth, { headers: { "Cache-Control": "private, no-store" } })
})
