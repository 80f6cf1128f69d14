import { MAX_DISPLAY_NAME_LENGTH, normalizeDisplayName } from "@/lib/auth"
import type { DbClient } from "@/lib/db/client"
import { normalizeEmail } from "./email"
import { isPasswordHasherBusy } from "./hash-gate"
import { hashPassword, verifyPassword } from "./password"
import { checkPassword, passwordProblemMessage } from "./password-policy"
import { breachedPasswordProblem } from "./breached-passwords"

export type PublicUser = {
  id: string
  email: string
  name: string | null
  image: string | null
  emailVerified?: Date | null
}

export type SignUpResult =
  | { ok: true; user: PublicUser }
  | { ok: false; field: "email" | "name" | "password"; message: string }

const MAX_NAME_LENGTH = MAX_DISPLAY_NAME_LENGTH

/** The display-name rule every write path shares (lib/auth/profile-text.ts). */
export const normalizeName = normalizeDisplayName

const TAKEN: SignUpResult = { ok: false, field: "email", message: "An account with this email already exists. Sign in instead." }
const BUSY = "The server is busy. Try again in a moment."

export type SignUpInput = { email: string; name: string; password: string }
export type SignUpCheck = { ok: true; input: SignUpInput } | Extract<SignUpResult, { ok: false }>

/**
 * The sign-up form's rules, with no database and no hashing: a form that
 * fails them costs nothing, so callers check it before counting the attempt
 * against any rate limit.
 */
export function checkSignUp(input: { email: unknown; name: unknown; password: unknown }): SignUpCheck {
  const email = normalizeEmail(input.email)
  if (!email) return { ok: false, field: "email", message: "Enter a valid email address." }
  const name = normalizeName(input.name)
  if (!name) return { ok: false, field: "name", message: `Enter a name of 1 to ${MAX_NAME_LENGTH} characters.` }
  const password = typeof input.password === "string" ? input.password : ""
  const problem = checkPassword(password, { email, name })
  if (problem) return { ok: false, field: "password", message: passwordProblemMessage(problem) }
  return { ok: true, input: { email, name, password } }
}

/**
 * Creates an email + password account. A taken email is reported as such:
 * sign-up needs to say so to be usable (sign-in, by contrast, never tells).
 */
export async function signUp(
  db: DbClient,
  input: { email: unknown; name: unknown; password: unknown },
): Promise<SignUpResult> {
  const checked = checkSignUp(input)
  if (!checked.ok) return checked
  const { email, name, password } = checked.input

  // A taken email is answered before any hashing: a flood of sign-ups for existing
  // accounts costs one indexed lookup each, not an scrypt.
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return TAKEN
  // After the caller's rate limits and the taken check: each lookup is a request to another service.
  const breached = await breachedPasswordProblem(password)
  if (breached) return { ok: false, field: "password", message: passwordProblemMessage(breached) }
  let passwordHash: string
  try {
    passwordHash = await hashPassword(password)
  } catch (error) {
    if (isPasswordHasherBusy(error)) return { ok: false, field: "password", message: BUSY }
    throw error
  }
  try {
    const user = await db.user.create({
      data: { email, name, passwordHash },
      select: { id: true, email: true, name: true, image: true },
    })
    return { ok: true, user: { ...user, email } }
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return TAKEN
    throw error
  }
}

/**
 * Checks email + password. Unknown email and wrong password take the same
 * path (one scrypt either way) and give the same answer: null.
 */
export async function verifyCredentials(db: DbClient, emailInput: unknown, passwordInput: unknown): Promise<PublicUser | null> {
  const email = normalizeEmail(emailInput)
  const password = typeof passwordInput === "string" && passwordInput.length <= 1024 ? passwordInput : ""
  const user = email
    ? await db.user.findUnique({
        where: { email },
        select: { id: true, email: true, name: true, image: true, emailVerified: true, passwordHash: true },
      })
    : null
  const valid = await verifyPassword(password, user?.passwordHash)
  if (!valid || !user || !email) return null
  return { id: user.id, email, name: user.name, image: user.image, emailVerified: user.emailVerified }
}
