/** The admin console's server actions refuse every caller without the permission, jwt sessions (admin-actions-suite.ts). */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { vi } from "vitest"
import { adminActionSuite, incoming } from "./admin-actions-suite"

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
vi.mock("next/cache", () => ({ revalidatePath: () => {} }))

adminActionSuite("jwt")
