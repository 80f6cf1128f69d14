/**
 * How the core learns the client address of a request for its rate limits.
 * Each framework knows it its own way (Express's req.ip, SvelteKit's
 * getClientAddress(), the Next.js socket-address hook); the layer plugs that
 * in as `rateLimit.socketAddress` unless the configuration names its own.
 */
import type { AuthConfig } from "../../config/types"

type RateLimitOption = AuthConfig["rateLimit"]

/**
 * The rate-limit options with the framework's client address. With
 * `trustedProxies` given, that is the default number of X-Forwarded-For
 * entries to believe: 0 where the framework already applied its own proxy
 * setting, so the header is never counted twice.
 */
export function withClientAddress(
  rateLimit: RateLimitOption,
  socketAddress: (request: Request) => string | undefined,
  defaults: { trustedProxies?: number } = {},
): RateLimitOption {
  if (rateLimit === false) return false
  return {
    ...rateLimit,
    ...(defaults.trustedProxies === undefined ? {} : { trustedProxies: rateLimit?.trustedProxies ?? defaults.trustedProxies }),
    socketAddress: rateLimit?.socketAddress ?? socketAddress,
  }
}

/**
 * The client address of each Request a layer built from its framework's
 * request and handed to the core. Entries die with the Request.
 */
const addresses = new WeakMap<Request, string>()

export function rememberClientAddress(request: Request, address: string): void {
  addresses.set(request, address)
}

export function rememberedClientAddress(request: Request): string | undefined {
  return addresses.get(request)
}
