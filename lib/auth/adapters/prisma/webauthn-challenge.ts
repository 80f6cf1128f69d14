/**
 * The Prisma side of single-use WebAuthn challenges (table WebAuthnChallenge,
 * not in Auth.js's schema). Insert-or-conflict is the whole check: the
 * primary key makes two concurrent uses of one challenge end with exactly one
 * winner. Expired rows are swept on the way, so the table stays small.
 */

interface ChallengeRow {
  challengeHash: string
  expires: Date
}

/** The slice of a Prisma client this store calls. */
export interface PrismaChallengeLike {
  webAuthnChallenge: {
    create(args: { data: ChallengeRow; select: { challengeHash: true } }): PromiseLike<{ challengeHash: string }>
    deleteMany(args: { where: { expires: { lt: Date } } }): PromiseLike<unknown>
  }
}

/** Prisma's unique-constraint violation, matched by code (each generated client has its own class). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002"
}

export function useWebAuthnChallenge(prisma: PrismaChallengeLike) {
  return async ({ challengeHash, expires }: { challengeHash: string; expires: Date }): Promise<boolean> => {
    await prisma.webAuthnChallenge.deleteMany({ where: { expires: { lt: new Date() } } })
    try {
      await prisma.webAuthnChallenge.create({ data: { challengeHash, expires }, select: { challengeHash: true } })
      return true
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
  }
}
