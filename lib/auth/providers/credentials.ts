/**
 * The credentials provider: the form fields and the app's authorize()
 * function. It only describes the provider; the flow is in
 * actions/callback/credentials.ts.
 */
import type { CredentialInput, CredentialsConfig } from "./types"

export type CredentialsOptions<C extends Record<string, CredentialInput>> = Partial<
  Omit<CredentialsConfig<C>, "type">
> &
  Pick<CredentialsConfig<C>, "authorize">

/**
 * Sign-in with credentials the app checks itself (`authorize`). Return a user
 * to sign in, null or a thrown CredentialsSignin to refuse.
 */
export default function Credentials<C extends Record<string, CredentialInput> = Record<string, CredentialInput>>(
  options: CredentialsOptions<C>,
): CredentialsConfig<C> {
  return {
    id: "credentials",
    name: "Credentials",
    credentials: {} as C,
    ...options,
    type: "credentials",
  }
}
