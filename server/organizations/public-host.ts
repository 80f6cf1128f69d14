/**
 * The host the visitor sees in the address bar ("app.example.com"), for
 * hints that show an organization's address. Behind a proxy that is the
 * forwarded host; display only, never used to build a link or check anything.
 */
import { headers } from "next/headers"

export async function publicHost(): Promise<string> {
  const source = await headers()
  const forwarded = source.get("x-forwarded-host")?.split(",")[0]?.trim()
  const host = forwarded || source.get("host") || "localhost"
  // A header is text from the client: only what a host name could be.
  return /^[a-z0-9.:[\]-]{1,255}$/i.test(host) ? host : "localhost"
}
