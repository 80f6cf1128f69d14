/**
 * The endpoint conformance table through the SvelteKit variant, both ways an
 * app wires it: the `handle` hook (requests outside the auth routes reach the
 * app's own `resolve`) and the GET/POST handlers of a
 * src/routes/auth/[...auth]/+server.ts route. Real Requests, in
 * SvelteKit-shaped events.
 */
import { SvelteKitAuth } from "@/lib/auth/sveltekit"
import { runConformance } from "@/tests/helpers/conformance"
import { ORIGIN } from "../support"
import { finish, requestEvent } from "./event"

runConformance("SvelteKit handle", async () => ({
  mount: async (config) => {
    const { handle } = SvelteKitAuth(config)
    return {
      origin: ORIGIN,
      send: async (request) => {
        const event = requestEvent(request)
        const response = await handle({ event, resolve: async () => new Response("Not found", { status: 404 }) })
        return finish(response, event)
      },
    }
  },
}))

runConformance("SvelteKit route handlers", async () => ({
  mount: async (config) => {
    const { GET, POST } = SvelteKitAuth(config)
    return {
      origin: ORIGIN,
      send: async (request) => {
        const event = requestEvent(request)
        // SvelteKit answers methods a +server.ts does not export with 405.
        const handler = request.method === "GET" ? GET : request.method === "POST" ? POST : undefined
        return handler ? finish(await handler(event), event) : new Response(null, { status: 405 })
      },
    }
  },
}))
