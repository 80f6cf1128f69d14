/**
 * What every provider has, whatever its type: an id, a display name and the
 * type that picks the sign-in flow. Apart so that each provider type's module
 * can extend it without importing the union of all of them.
 */
import type { ProviderType } from "../types"

export interface CommonProviderOptions {
  id: string
  name: string
  type: ProviderType
}
