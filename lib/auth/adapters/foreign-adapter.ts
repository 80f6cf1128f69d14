/**
 * The library's features beyond the Auth.js adapter contract, each with the
 * adapter methods it needs. An Auth.js adapter (@auth/drizzle-adapter, …) has
 * none of them: each such feature is then off, and the configuration says so
 * once at start-up, naming the feature and the missing methods, rather than
 * failing on the first request that reaches it. Only inspects; never calls.
 */
import {
  accessMethods,
  adminMethods,
  refreshMethods,
  revocationMethods,
  securityLogMethods,
  sessionListingMethods,
  twoFactorMethods,
} from "./capabilities"
import type { Adapter, ForeignAdapter } from "./types"

type AdapterMethod = keyof Adapter

export interface AdapterFeature {
  /** What the feature is called in the notice and in the adapter table of docs/databases-and-adapters.md. */
  feature: string
  methods: readonly AdapterMethod[]
  /** What happens without it. */
  without: string
}

export const adapterFeatures: readonly AdapterFeature[] = [
  {
    feature: "recent proof of identity (step-up) and the absolute session lifetime",
    methods: ["getSessionDetails"],
    without:
      "no session has a known sign-in time, so linking an account while signed in, adding a passkey and step-up actions always ask to re-authenticate, and absoluteMaxAge is not enforced; add sessionProofCompanion",
  },
  { feature: "two-factor sign-in", methods: twoFactorMethods, without: "off; twoFactor.required is refused" },
  { feature: "security log", methods: securityLogMethods, without: "nothing is logged; the user's list is empty" },
  { feature: "session list and revocation of other sessions", methods: sessionListingMethods, without: "off (sign-out still ends this session)" },
  { feature: "sessions-valid-since (revoking jwt sessions)", methods: revocationMethods, without: "off: a jwt session lasts until it expires" },
  { feature: "roles and bans", methods: accessMethods, without: 'every user holds only "user"; nobody is banned' },
  { feature: "admin operations and impersonation", methods: adminMethods, without: "off (the admin area says so)" },
  { feature: "access-token refresh (getAccessToken)", methods: refreshMethods, without: "off" },
  {
    feature: "taking an account back on the first proof of its address",
    methods: ["removeCredentials"],
    without: "the email provider only marks the address verified, as Auth.js does",
  },
]

export interface FeatureGap {
  feature: string
  missing: AdapterMethod[]
  without: string
}

/** The features the adapter cannot serve, with the methods it lacks for each; empty without an adapter. */
export function featureGaps(adapter: Adapter | undefined): FeatureGap[] {
  if (!adapter) return []
  return adapterFeatures.flatMap(({ feature, methods, without }) => {
    const missing = methods.filter((m) => typeof adapter[m] !== "function")
    return missing.length > 0 ? [{ feature, missing, without }] : []
  })
}

/**
 * The one start-up line for an adapter that lacks features, or undefined when it lacks none that
 * matter. removeCredentials alone is no notice: our own adapter leaves it to the app (the password
 * column is the app's), and an app that wires nothing else is not running a foreign adapter.
 */
export function featureGapsNotice(adapter: Adapter | undefined): string | undefined {
  const gaps = featureGaps(adapter)
  if (gaps.every((g) => g.missing.length === 1 && g.missing[0] === "removeCredentials")) return undefined
  return gaps.map((g) => `${g.feature}: ${g.without} (the adapter lacks ${g.missing.join(", ")})`).join("; ")
}

/**
 * An @auth/*-adapter object (DrizzleAdapter(db), KyselyAdapter(db), …) as the configuration's
 * `adapter`: the same object, unchanged and unwrapped. Only its type changes: the package types
 * the contract with Auth.js's own user type, which TypeScript cannot relate to ours (see
 * ForeignAdapter), while the values it reads and answers are the contract's shapes, which are
 * ours (every field we add is optional). Nothing is called here.
 */
export function authJsAdapter<A extends ForeignAdapter>(adapter: A): Adapter {
  return adapter as Adapter
}
