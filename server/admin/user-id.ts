/**
 * A user id as this app makes them (Prisma's cuid(), or a uuid from another
 * adapter): letters, digits, "-" and "_". Anything else in a URL or a form is
 * no user at all, answered without a database read.
 */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/

export function isUserId(value: unknown): value is string {
  return typeof value === "string" && USER_ID.test(value)
}
