/**
 * The endpoint conformance table (tests/helpers/conformance.ts) against the
 * core itself: the reference every framework variant is held to.
 */
import { Auth } from "@/lib/auth"
import { runConformance } from "@/tests/helpers/conformance"
import { ORIGIN } from "./support"

runConformance("core Auth()", async () => ({
  mount: async (config) => ({ origin: ORIGIN, send: (request) => Auth(request, config) }),
}))
