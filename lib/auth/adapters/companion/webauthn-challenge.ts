/**
 * Single-use passkey challenges on every instance, beside an Auth.js adapter,
 * which has no place for them (the contract lacks useWebAuthnChallenge).
 * Without this, passkeys still work, but a challenge is single-use only on the
 * instance that answered it (docs/decisions/passkey-challenge-without-store.md).
 * One table the app adds (examples/drizzle/schema.*.sql,
 * "auth_webauthn_challenge"); insert-or-conflict on its primary key is the
 * whole check, so of two concurrent uses of one challenge exactly one wins.
 */
import type { Adapter } from "../types"
import { type CompanionSql, instant, placeholders } from "./sql"

export const WEBAUTHN_CHALLENGE_TABLE = "auth_webauthn_challenge"

export function webAuthnChallengeCompanion(sql: CompanionSql): Required<Pick<Adapter, "useWebAuthnChallenge">> {
  const insert = placeholders(
    sql.dialect,
    `INSERT INTO "${WEBAUTHN_CHALLENGE_TABLE}" ("challengeHash", "expires") VALUES (?, ?) ON CONFLICT ("challengeHash") DO NOTHING`,
  )
  const sweep = placeholders(sql.dialect, `DELETE FROM "${WEBAUTHN_CHALLENGE_TABLE}" WHERE "expires" < ?`)
  return {
    async useWebAuthnChallenge({ challengeHash, expires }) {
      // Expired rows are swept on the way, so the table stays small; an expired challenge is refused
      // before it gets here anyway.
      await sql.execute(sweep, [instant(sql.dialect, new Date())])
      return (await sql.execute(insert, [challengeHash, instant(sql.dialect, expires)])) === 1
    },
  }
}
