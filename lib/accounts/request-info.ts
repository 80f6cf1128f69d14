/**
 * Facts about the current request for server actions that send mail: the
 * site's origin for links (AUTH_URL when set, else the request's host, the
 * same trust rule the auth routes use). Client addresses come from
 * `rateLimit.clientAddress()` in auth.ts, the limiter's own rule.
 */
import { headers } from "next/headers"
import { trustHostFromEnv } from "@/lib/auth/config/env"
import { resolveOrigin } from "@/lib/auth/next/origin"

export async function requestInfo(): Promise<{ origin: string }> {
  const list = await headers()
  const origin = resolveOrigin(list, { authUrl: process.env.AUTH_URL, trustHost: trustHostFromEnv(process.env) })
  return { origin }
}
