/**
 * Facts about the current request for server actions that send mail: the
 * site's origin for links (AUTH_URL when set, else the request's host, the
 * same trust rule the auth routes use) and the client address for limits.
 */
import { headers } from "next/headers"
import { trustHostFromEnv } from "@/lib/auth/config/env"
import { resolveOrigin } from "@/lib/auth/next/origin"
import { clientAddress } from "./sign-in"

export async function requestInfo(): Promise<{ origin: string; client: string }> {
  const list = await headers()
  const origin = resolveOrigin(list, { authUrl: process.env.AUTH_URL, trustHost: trustHostFromEnv(process.env) })
  const client = clientAddress(new Request("http://localhost/", { headers: list }))
  return { origin, client }
}
