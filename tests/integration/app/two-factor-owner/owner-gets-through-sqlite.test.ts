/** The owner gets through a stranger who has the password, on SQLite (owner-gets-through-suite.ts). */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { vi } from "vitest"
import { incoming, ownerGetsThroughSuite } from "./owner-gets-through-suite"

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))

ownerGetsThroughSuite("sqlite")
