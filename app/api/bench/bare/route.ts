/**
 * bench:http's ceiling: what Next.js itself serves in this app, outside the
 * middleware (see middleware.ts's matcher) and without auth. It answers `{}`
 * and reads nothing, so it is harmless in production.
 */
export function GET(): Response {
  return Response.json({})
}
