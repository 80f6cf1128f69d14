/** What Next.js itself serves here: no middleware (outside the matcher), no auth. */
export function GET(): Response {
  return Response.json({})
}
