/**
 * Change of email address. A signed-in user (the Settings action
 * checks step-up) asks for a new address; a single-use link (24 hours) goes
 * to the NEW address and a notice with a cancel link to the OLD one. Only the
 * link from the new address changes it, inside one transaction that also
 * voids every token of the old address (magic links, resets, set-password,
 * verification) and the user's other pending changes.
 *
 * The answer to the request is the same whether or not the new address
 * belongs to another user, and the mails go out after it: the owner of a
 * taken address is told instead, and nothing changes. The unique index on
 * User.email is the final arbiter against a sign-up racing the confirmation.
 */
import type { DbClient } from "@/lib/db/client"
import { deliverMail } from "@/server/mail/deliver"
import {
  addressInUseMail,
  changeRequestedMail,
  confirmNewEmailMail,
  emailChangedNewMail,
  emailChangedOldMail,
  securityUrl,
} from "./email-change-mails"
import {
  consumeEmailChangeToken,
  deletePending,
  type EmailChangeBinding,
  issueEmailChangeToken,
  peekEmailChangeToken,
} from "./email-change-tokens"
import { normalizeEmail } from "./email"
import { type TokenVoider, voidAccountTokens } from "./token-kinds"
import type { AccountRateLimit } from "./rate-limit"
import { appName } from "@/server/app-name"

export type EmailChangeRequest =
  /** Answered the same way whether the address was free or taken; `sent` settles after the mails. */
  | { ok: true; newEmail: string; sent: Promise<void> }
  | { ok: false; reason: "invalid" | "same" | "no-email" | "no-user" | "limited" }

/**
 * Starts a change. The returned promise settles before any mail is sent or
 * any lookup of the new address is made, so neither the answer nor its time
 * depends on who owns the address.
 */
export async function requestEmailChange(
  db: DbClient,
  input: { userId: string; newEmail: unknown; origin: string; rateLimit: Pick<AccountRateLimit, "consumeAll"> },
): Promise<EmailChangeRequest> {
  const newEmail = normalizeEmail(input.newEmail)
  if (!newEmail) return { ok: false, reason: "invalid" }
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true } })
  if (!user) return { ok: false, reason: "no-user" }
  // An account without an address (some OAuth providers give none) has no old mailbox to notify.
  if (!user.email) return { ok: false, reason: "no-email" }
  if (user.email === newEmail) return { ok: false, reason: "same" }
  // The user first: one over their limit does not spend the target address's budget.
  const verdict = await input.rateLimit.consumeAll([
    ["email-change-user", input.userId],
    ["email-change-address", newEmail],
  ])
  if (!verdict.allowed) return { ok: false, reason: "limited" }
  const binding = { userId: input.userId, newEmail, oldEmail: user.email }
  const sent = sendRequestMails(db, binding, input.origin).catch((error: unknown) => {
    console.error("[email change] a mail could not be sent:", error instanceof Error ? error.message : error)
  })
  return { ok: true, newEmail, sent }
}

async function sendRequestMails(db: DbClient, binding: EmailChangeBinding, origin: string): Promise<void> {
  const site = appName()
  const owner = await db.user.findUnique({ where: { email: binding.newEmail }, select: { id: true } })
  // A new request replaces the pending one; cancel links of earlier notices stay valid and void this one too.
  const [changeToken, cancelToken] = await db.$transaction(async (tx) => {
    await deletePending(tx, "email-change", binding.userId)
    return [owner ? null : await issueEmailChangeToken(tx, "email-change", binding), await issueEmailChangeToken(tx, "email-change-cancel", binding)]
  })
  const cancelUrl = `${origin}/cancel-email-change?${new URLSearchParams({ token: cancelToken })}`
  const toNew = changeToken
    ? { to: binding.newEmail, ...confirmNewEmailMail({ url: `${origin}/confirm-email?${new URLSearchParams({ token: changeToken })}`, site, newEmail: binding.newEmail }) }
    : { to: binding.newEmail, ...addressInUseMail({ url: securityUrl(origin), site }) }
  const toOld = { to: binding.oldEmail, ...changeRequestedMail({ cancelUrl, securityUrl: securityUrl(origin), site, newEmail: binding.newEmail }) }
  await Promise.all([deliverMail(toNew), deliverMail(toOld)])
}

/**
 * What a still-usable confirmation link would change, for the page behind it
 * (which changes nothing on GET: mail scanners follow links). Null when the
 * token is unknown, used, expired, or the account's address is no longer the
 * one it was issued for.
 */
export async function peekEmailChange(db: DbClient, token: unknown): Promise<EmailChangeBinding | null> {
  return stillCurrent(db, await peekEmailChangeToken(db, "email-change", token))
}

/** The same for a cancel link from the old-address notice. */
export async function peekEmailChangeCancel(db: DbClient, token: unknown): Promise<EmailChangeBinding | null> {
  return stillCurrent(db, await peekEmailChangeToken(db, "email-change-cancel", token))
}

async function stillCurrent(db: DbClient, binding: EmailChangeBinding | null): Promise<EmailChangeBinding | null> {
  if (!binding) return null
  const user = await db.user.findUnique({ where: { id: binding.userId }, select: { email: true } })
  return user?.email === binding.oldEmail ? binding : null
}

export type EmailChangeConfirmation =
  | {
      ok: true
      binding: EmailChangeBinding
      /**
       * What the caller ends next, through the library, once this has committed: "others", the
       * confirming browser is the user's own session, which is kept (sessions.revokeAll with keep);
       * "all", every session (the database rows were deleted here; sessions.revokeAll ends the
       * jwt ones).
       */
      sessions: "others" | "all"
    }
  /** Unknown, used, expired or forged. */
  | { ok: false; reason: "invalid" }
  /** A real link, but the account's address changed meanwhile, the user is gone, or the new address was taken. */
  | { ok: false; reason: "no-longer-valid" }

class NoLongerValid extends Error {}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && (error as { code?: unknown }).code === "P2002"

/**
 * Makes the change the link was issued for, in one transaction. The token is
 * used up first (one delete: of two concurrent uses one wins), then the
 * account must still have the old address and the new one must still be
 * free; the unique index decides against a sign-up that got in between.
 * `signedInUserId`: who the confirming browser is signed in as, if anyone.
 */
export async function confirmEmailChange(db: DbClient, input: { token: unknown; signedInUserId: string | null }): Promise<EmailChangeConfirmation> {
  try {
    return await db.$transaction(async (tx) => {
      const binding = await consumeEmailChangeToken(tx, "email-change", input.token)
      if (!binding) return { ok: false, reason: "invalid" } as const
      const user = await tx.user.findUnique({ where: { id: binding.userId }, select: { email: true } })
      const owner = await tx.user.findUnique({ where: { email: binding.newEmail }, select: { id: true } })
      // Returned, not thrown: the token's deletion above is kept (the link is void for good).
      if (user?.email !== binding.oldEmail || owner) return { ok: false, reason: "no-longer-valid" } as const
      const keepThisSession = input.signedInUserId === binding.userId
      const changed = await tx.user.updateMany({
        where: { id: binding.userId, email: binding.oldEmail },
        data: { email: binding.newEmail, emailVerified: new Date() },
      })
      if (changed.count !== 1) throw new NoLongerValid()
      await voidOldAddressTokens(tx, binding)
      if (!keepThisSession) await tx.session.deleteMany({ where: { userId: binding.userId } })
      return { ok: true, binding, sessions: keepThisSession ? "others" : "all" } as const
    })
  } catch (error) {
    if (!(error instanceof NoLongerValid) && !isUniqueViolation(error)) throw error
    // The transaction rolled back, the token's deletion with it: the link is void all the same.
    await consumeEmailChangeToken(db, "email-change", input.token)
    return { ok: false, reason: "no-longer-valid" }
  }
}

/**
 * Links mailed to the old address before the change stop working: magic links
 * (identifier: the bare address), resets, set-password and verification
 * links, and the user's other pending changes and their cancel links.
 */
async function voidOldAddressTokens(tx: TokenVoider, binding: EmailChangeBinding): Promise<void> {
  // Every kind token-kinds.ts lists, under the old address and the user's id.
  await voidAccountTokens(tx, { id: binding.userId, email: binding.oldEmail })
}

/** After a change, one mail to each address; `sent` failures are the caller's to log. */
export async function sendEmailChangedMails(binding: EmailChangeBinding, origin: string): Promise<void> {
  const site = appName()
  const url = securityUrl(origin)
  await Promise.all([
    deliverMail({ to: binding.oldEmail, ...emailChangedOldMail({ url, site, newEmail: binding.newEmail }) }),
    deliverMail({ to: binding.newEmail, ...emailChangedNewMail({ url, site, newEmail: binding.newEmail }) }),
  ])
}

export type EmailChangeCancel = { ok: true; binding: EmailChangeBinding } | { ok: false; reason: "invalid" | "no-longer-valid" }

/**
 * The cancel link from the old-address notice: voids every pending change of
 * the user. Once the change was made it can no longer undo it (the "changed"
 * mail says what to do then).
 */
export async function cancelEmailChange(db: DbClient, token: unknown): Promise<EmailChangeCancel> {
  return db.$transaction(async (tx) => {
    const binding = await consumeEmailChangeToken(tx, "email-change-cancel", token)
    if (!binding) return { ok: false, reason: "invalid" } as const
    const user = await tx.user.findUnique({ where: { id: binding.userId }, select: { email: true } })
    if (user?.email !== binding.oldEmail) return { ok: false, reason: "no-longer-valid" } as const
    await deletePending(tx, "email-change", binding.userId)
    return { ok: true, binding } as const
  })
}
