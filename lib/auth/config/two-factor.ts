/**
 * Two-factor sign-in as the resolved configuration holds it: on only when the
 * adapter can store second factors, with the policy made one async function
 * and one secret box per configuration. A configuration that requires
 * two-factor of an adapter that cannot store it is refused here.
 */
import { missingTwoFactorMethods, supportsTwoFactor } from "../adapters/capabilities"
import type { Adapter, AdapterUser } from "../adapters/types"
import { TwoFactorUnsupported } from "../errors"
import { SecretBox } from "../two-factor/secret-box"
import type { User } from "../types"
import type { ResolvedTwoFactor } from "./resolved"
import type { TwoFactorOptions } from "./types"

/** The configuration error when `required` cannot be honoured, else undefined. */
export function twoFactorProblem(options: TwoFactorOptions | undefined, adapter: Adapter | undefined): TwoFactorUnsupported | undefined {
  const required = options?.required
  if (required === undefined || required === false || supportsTwoFactor(adapter)) return undefined
  return new TwoFactorUnsupported(
    `twoFactor.required needs an adapter that stores second factors; it lacks ${missingTwoFactorMethods(adapter).join(", ")}.`,
  )
}

export function resolveTwoFactor(
  options: TwoFactorOptions | undefined,
  adapter: Adapter | undefined,
  secrets: readonly string[],
): ResolvedTwoFactor {
  const required = options?.required ?? false
  return {
    adapter: supportsTwoFactor(adapter) ? adapter : undefined,
    required: async (user: User | AdapterUser) => (typeof required === "function" ? (await required(user)) === true : required),
    issuer: options?.issuer,
    // With no usable secret the configuration has an error and the box is never opened.
    box: new SecretBox(secrets.length > 0 && secrets.every((s) => s !== "") ? secrets : ["unset"]),
  }
}
