/** The members page's and the invitation page's actions keep tenants apart, database sessions (member-actions-suite.ts). */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { vi } from "vitest"
import { incoming, memberActionSuite } from "./member-actions-suite"

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
vi.mock("next/cache", () => ({ revalidatePath: () => {} }))

memberActionSuite("database")
