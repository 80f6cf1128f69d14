/**
 * Merges a user's provider options over a factory's defaults. Plain objects
 * merge key by key; arrays, functions and strings replace; `undefined` never
 * overwrites a default; symbol keys (customFetch) are kept. An endpoint given
 * as a string replaces the object form and the other way round.
 */

function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (typeof value !== "object" || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

export function mergeOptions<T extends object>(defaults: T, overrides: object | undefined): T {
  if (!overrides) return { ...defaults }
  const result = { ...defaults } as Record<PropertyKey, unknown>
  for (const key of Reflect.ownKeys(overrides)) {
    const value = (overrides as Record<PropertyKey, unknown>)[key]
    if (value === undefined) continue
    const current = result[key]
    result[key] = isPlainObject(current) && isPlainObject(value) ? mergeOptions(current, value) : value
  }
  return result as T
}
