/**
 * Next.js takes any multipart POST to a page for a server-action form sent
 * without JavaScript and parses its body before the page runs; a body that
 * does not parse as form data becomes a 500 there. The guard answers such a
 * request 400 first. A browser's own form posts always parse, so only broken
 * clients and attackers ever see this.
 */
export async function refuseUnparsableFormPost(request: Request): Promise<Response | undefined> {
  if (request.method !== "POST" || request.body === null) return undefined
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) return undefined
  try {
    await request.clone().formData()
    return undefined
  } catch {
    return new Response("Malformed form body.", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    })
  }
}
