/**
 * GET /webauthn-options/:provider: the WebAuthn ceremony options. Until
 * passkeys land it answers a plain 400; it never returns a partial ceremony.
 */
import type { AuthContext } from "../context"
import type { ResponseInternal } from "../http/response"

/** GET /webauthn-options/:provider — filled in by the WebAuthn issue; until then no provider offers it. */
export async function webauthnOptions(ctx: AuthContext): Promise<ResponseInternal> {
  void ctx
  return { status: 400, body: { error: "Invalid request" } }
}
