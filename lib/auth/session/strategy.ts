/**
 * The one interface both session strategies implement: read the session of a
 * request, update it (POST /session), create it at sign-in, end it at
 * sign-out. The strategy is chosen once, when the configuration is resolved;
 * no action asks which one it has. Implementations return the cookies to set
 * and never build a response themselves.
 */
import type { AuthContext } from "../context"
import type { Account, Cookie, Profile, Session, User } from "../types"

export interface SignedInUser {
  user: User
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
}

export interface SessionUpdate {
  /** Data sent by the client's update(); present only on POST /session. */
  data: unknown
}

export interface SessionRead {
  session: Session | null
  cookies: Cookie[]
}

export interface SessionStrategy {
  readonly name: "jwt" | "database"
  /** GET /session: the current session, with any cookie refresh it needs. */
  read(ctx: AuthContext): Promise<SessionRead>
  /** POST /session: the update flow (trigger "update") with the client's data. */
  update(ctx: AuthContext, update: SessionUpdate): Promise<SessionRead>
  /** A user just signed in: start their session and return the cookies that carry it. */
  create(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]>
  /** Sign-out: end the session (fires the signOut event) and return the cookies that clear it. */
  end(ctx: AuthContext): Promise<Cookie[]>
  /** The id of the user signed in in this browser, if any (account linking at sign-in asks). */
  signedInUserId(ctx: AuthContext): Promise<string | null>
}
