import type { DbClient } from "@/lib/db/client"
import { normalizeEmail } from "./email"
import { hashPassword, verifyPassword } from "./password"
import { checkPassword, passwordProblemText } from "./password-policy"

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

const MAX_NAME_LENGTH = 80

export function normalizeName(input: unknown): string | null {
  if (typeof input !== "string") return null
  const name = input.normalize("NFKC").replace(/\s+/g, " ").trim()
  if (name === "" || [...name].length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) return null
  return name
}

/**
 * Creates an email + password account. A taken email is reported as such:
 * sign-up needs to say so to be usable (sign-in, by contrast, never tells).
 */
export async function signUp(
  db: DbClient,
  input: { email: unknown; name: unknown; password: unknown },
): Promise<SignUpResult> {
  const email = normalizeEmail(input.email)
  if (!email) return { ok: false, field: "email", message: "Enter a valid email address." }
  const name = normalizeName(input.name)
  if (!name) return { ok: false, field: "name", message: `Enter a name of 1 to ${MAX_NAME_LENGTH} characters.` }
  const password = typeof input.password === "string" ? input.password : ""
  const problem = checkPassword(password, { email, name })
  if (problem) return { ok: false, field: "password", message: passwordProblemText[problem] }

  const passwordHash = await hashPassword(password)
  try {
    const user = await db.user.create({
      data: { email, name, passwordHash },
      select: { id: true, email: true, name: true, image: true },
    })
    return { ok: true, user }
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      return { ok: false, field: "email", message: "An account with this email already exists. Sign in instead." }
    }
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
  if (!valid || !user) return null
  return { id: user.id, email: user.email, name: user.name, image: user.image, emailVerified: user.emailVerified }
}
