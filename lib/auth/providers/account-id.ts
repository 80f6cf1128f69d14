/**
 * A provider's user id as the string the Account row keys on. Providers send
 * numbers (GitHub, VK) or strings; anything else (a missing id, an object)
 * is refused rather than stored as "undefined".
 */
export function accountId(value: unknown): string {
  if (typeof value === "string" && value !== "") return value
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value)
  throw new TypeError("The profile has no usable id")
}
