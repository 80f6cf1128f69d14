/**
 * The dashboard's "Your account's security" list: each way the account is
 * protected, whether it is in place, and the one step that changes that,
 * linking to the Settings section where it is done. Pure: the page reads the
 * account, this decides the words.
 */

export interface SecurityFacts {
  /** The account's address; null for an account without one (a passkey or provider sign-up without email). */
  email: string | null
  emailVerified: boolean
  twoFactorEnabled: boolean
  passkeys: number
}

export interface ChecklistItem {
  id: "email" | "two-factor" | "passkeys"
  title: string
  /** "Verified", "On", "2 passkeys": the state in a word or two. */
  status: string
  /** Whether it is in place; what is not is an invitation, never an alarm. */
  done: boolean
  /** One sentence on what it means for the user. */
  detail: string
  action: { label: string; href: string }
}

export function securityChecklist(facts: SecurityFacts): ChecklistItem[] {
  const items: ChecklistItem[] = []
  if (facts.email) {
    items.push(
      facts.emailVerified
        ? {
            id: "email",
            title: "Email address",
            status: "Verified",
            done: true,
            detail: `Account mail and password resets go to ${facts.email}.`,
            action: { label: "Manage email", href: "/settings#email" },
          }
        : {
            id: "email",
            title: "Email address",
            status: "Not verified yet",
            done: false,
            detail: `Confirm ${facts.email} so you can reset your password and receive security notices.`,
            action: { label: "Verify email", href: "/settings#email" },
          },
    )
  }
  items.push(
    facts.twoFactorEnabled
      ? {
          id: "two-factor",
          title: "Two-factor authentication",
          status: "On",
          done: true,
          detail: "Signing in asks for a code from your authenticator app as well.",
          action: { label: "Manage two-factor", href: "/settings#two-factor" },
        }
      : {
          id: "two-factor",
          title: "Two-factor authentication",
          status: "Off",
          done: false,
          detail: "Add a code from an authenticator app to every sign-in, so a stolen password is not enough.",
          action: { label: "Turn on two-factor", href: "/settings#two-factor" },
        },
  )
  items.push(
    facts.passkeys > 0
      ? {
          id: "passkeys",
          title: "Passkeys",
          status: facts.passkeys === 1 ? "1 passkey" : `${facts.passkeys} passkeys`,
          done: true,
          detail: "Sign in with your fingerprint, face or device PIN.",
          action: { label: "Manage passkeys", href: "/settings#passkeys" },
        }
      : {
          id: "passkeys",
          title: "Passkeys",
          status: "None yet",
          done: false,
          detail: "Sign in with your fingerprint, face or device PIN instead of typing a password.",
          action: { label: "Add a passkey", href: "/settings#passkeys" },
        },
  )
  return items
}
