/**
 * Which library features the configured adapter cannot serve: under
 * AUTH_ADAPTER=drizzle the Auth.js contract lacks the two-factor and security
 * log methods, and Settings says so in place of a form that could only fail.
 * The same list the adapter-features-off start-up warning is made from.
 */
import { authConfig } from "@/auth"
import { featureGaps, type FeatureGap } from "@/lib/auth"

type AdapterMethod = FeatureGap["missing"][number]

/** The gap of the feature that needs `method`, or undefined when the adapter has it. */
export function featureOffFor(method: AdapterMethod): FeatureGap | undefined {
  return featureGaps(authConfig.adapter).find((gap) => gap.missing.includes(method))
}
