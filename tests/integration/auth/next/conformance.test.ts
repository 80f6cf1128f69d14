/**
 * The endpoint conformance table through the Next.js variant's route
 * handlers: NextAuth(config).handlers.GET/POST, as app/api/auth/[...nextauth]
 * exports them, called with real Requests (methods the route file does not
 * export get Next's 405).
 */
import type { NextRequest } from "next/server"
import NextAuth from "@/lib/auth/next"
import { runConformance } from "@/tests/helpers/conformance"
import { ORIGIN } from "../support"

runConformance("Next.js route handlers", async () => ({
  mount: async (config) => {
    const { handlers } = NextAuth(config)
    return {
      origin: ORIGIN,
      send: async (request) => {
        const handler = request.method === "GET" ? handlers.GET : request.method === "POST" ? handlers.POST : undefined
        return handler ? handler(request as NextRequest) : new Response(null, { status: 405 })
      },
    }
  },
}))
