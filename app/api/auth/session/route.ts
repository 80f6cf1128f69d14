/**
 * The session endpoint ({basePath}/session), served by the same handlers as
 * the catch-all beside it. It is the one auth route a signed-in browser calls
 * on its own (SessionProvider reads it on focus and on an interval), and
 * Next.js serves a static segment without matching the catch-all's pattern:
 * 6–9% of the route's throughput in `npm run bench:http` (docs/decisions/sessions-and-revocation.md).
 */
import { handlers } from "@/auth"

export const { GET, POST } = handlers
