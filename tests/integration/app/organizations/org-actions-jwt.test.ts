/** The organization pages' server actions refuse every cross-tenant and unprivileged call, jwt sessions (org-actions-suite.ts). */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { vi } from "vitest"
import { incoming, organizationActionSuite } from "./org-actions-suite"

vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
vi.mock("next/cache", () => ({ revalidatePath: () => {} }))

organizationActionSuite("jwt")
