/**
 * The app's auth configuration: the one call of the library's factory. Import
 * `auth`, `signIn`, `signOut` and `unstable_update` from here in server code.
 */
import { NextResponse } from "next/server"
import NextAuth, { type NextAuthConfig, resolveBasePath } from "@/lib/auth/next"
import { PrismaAdapter, withPrismaFaults } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { emailSignInProviders } from "@/server/accounts/email-provider"
import Passkey from "@/lib/auth/providers/passkey"
import { authorizeWithPassword, userHasPassword } from "@/server/accounts/sign-in"
import { getPrisma, sqliteDatabaseFile } from "@/lib/db/client"
import { starterDrizzleAdapter } from "@/server/drizzle/adapter"
import { mailMode } from "@/server/mail/deliver"
import { oauthProvidersFromEnv } from "@/server/accounts/oauth-providers"
import { rateLimitStoreFromEnv } from "@/server/rate-limit-store"
import { revocationChannelFromEnv, revocationStoreFromEnv } from "@/server/revocation-channel"
import { accountRateLimitRules } from "@/server/accounts/rate-limit"
import { removeCredentials } from "@/server/accounts/take-back"
import { sendVerificationMail } from "@/server/accounts/email-verification"
import { sendTwoFactorNoticeLater } from "@/server/accounts/two-factor-notices"
import { newDeviceNotice, type SecurityNotice, sendSecurityNoticeLater } from "@/server/accounts/security-notices"
import { type AdminNotice, sendAdminNoticeLater } from "@/server/accounts/admin-notices"
import { defaultAccessControl, type JWT, mailLinkOrigin, routeRules, type Session, supportsSso } from "@/lib/auth"
import { appName } from "@/server/app-name"
import { sendMemberNoticeLater } from "@/server/organizations/member-notices"

/** AUTH_SESSION_STRATEGY=jwt keeps sessions in an encrypted cookie; the default keeps them in the database. */
export const sessionStrategy = process.env.AUTH_SESSION_STRATEGY === "jwt" ? "jwt" : "database"

/** Pages that need a signed-in user. The middleware guards them, and each page checks again. */
export const protectedPaths = ["/dashboard", "/settings", "/orgs", "/o"]

function isProtected(path: string): boolean {
  return protectedPaths.some((p) => path === p || path.startsWith(`${p}/`))
}

/**
 * Route groups that need more than a session: the admin area needs the permission to
 * list users. The middleware answers a signed-in user without it 404 (403 for /api), as
 * requirePermission does in the pages themselves.
 */
const permissionRules = routeRules(defaultAccessControl, [
  { path: "/admin", permission: { user: ["list"] } },
  { path: "/api/admin", permission: { user: ["list"] } },
  // bench:http's permission-guarded page (app/bench/guarded): an admin's dashboard, measured beside /dashboard.
  { path: "/bench/guarded", permission: { user: ["list"] } },
])

/**
 * Whether the header shows "Admin" (components/section-links.ts): the admin area's own permission,
 * read from the session's roles, so the link and the route rule above never disagree.
 */
export function mayOpenAdminArea(session: Session | null | undefined): boolean {
  return hasPermission(session, { user: ["list"] })
}

/** OAuth/OIDC providers whose environment variables are set (see .env.example). */
export const oauthProviders = oauthProvidersFromEnv()

/** Their names as people know them, by id: Settings › Security activity and the notices say "GitHub", not "github". */
export const providerNames: Readonly<Record<string, string>> = Object.fromEntries(oauthProviders.map((p) => [p.id, p.name]))

/**
 * Per-client budgets raised from the environment, for many users behind one address (NAT):
 * EMAIL_SEND_LIMIT_PER_CLIENT (mails of each kind) and SIGNUP_LIMIT_PER_CLIENT (sign-ups),
 * each per 15 minutes. The per-address limits stay as they are.
 */
function clientRulesFromEnv(): Record<string, { limit: number; windowSeconds: number }> {
  const windowSeconds = 15 * 60
  const positive = (value: string | undefined) => {
    const limit = Number(value)
    return Number.isInteger(limit) && limit > 0 ? limit : undefined
  }
  const mail = positive(process.env.EMAIL_SEND_LIMIT_PER_CLIENT)
  const signUp = positive(process.env.SIGNUP_LIMIT_PER_CLIENT)
  return {
    ...(mail ? { "email-client": { limit: mail, windowSeconds }, "password-reset-client": { limit: mail, windowSeconds } } : {}),
    ...(signUp ? { "signup-client": { limit: signUp, windowSeconds } } : {}),
  }
}

/** The user's name and address as saved in the database; an unreachable database is the library's 503, as in the adapter. */
const savedProfile = withPrismaFaults((id: string) => getPrisma().user.findUnique({ where: { id }, select: { name: true, email: true } }))

/** The token with the name and address saved in the database (a confirmed change of email address updates this browser's token: app/confirm-email). */
async function withSavedProfile(token: JWT, userId: string): Promise<JWT> {
  const row = await savedProfile(userId)
  if (row) {
    token.name = row.name
    token.email = row.email
  }
  return token
}

/** Mails the user what an administrator did to their account (server/accounts/admin-notice-mails.ts). */
function adminNotice(userId: string, notice: AdminNotice): void {
  sendAdminNoticeLater(getPrisma(), { userId, notice, origin: mailLinkOrigin(process.env), signInPath: signInPath() })
}

/**
 * AUTH_ADAPTER=drizzle (SQLite only): the library's reads and writes go through
 * @auth/drizzle-adapter over the same tables and file (server/drizzle/adapter.ts); the pages keep
 * Prisma. Features the contract lacks are off, named in the adapter-features-off start-up warning.
 */
function libraryAdapter() {
  const file = sqliteDatabaseFile()
  if (usesDrizzleAdapter && file) return starterDrizzleAdapter(file)
  return PrismaAdapter(getPrisma(), { sqliteFile: file })
}

const usesDrizzleAdapter = process.env.AUTH_ADAPTER === "drizzle"

/**
 * Organizations need the adapter's organization methods, which the Auth.js contract (and so
 * AUTH_ADAPTER=drizzle) lacks: there they are off, and the pages say so.
 */
export const organizationsEnabled = !usesDrizzleAdapter

// removeCredentials: a magic link that proves an address the account never verified takes the
// account back for the mailbox's owner (docs/decisions/account-model-and-passwords.md, "Account model").
// The app's own Prisma calls that the library runs report an unreachable database as the adapter does.
const adapter = { ...libraryAdapter(), removeCredentials: withPrismaFaults((userId: string) => removeCredentials(getPrisma(), userId)) }

/**
 * Enterprise single sign-on (SAML and OpenID Connect per organization, app/o/[slug]/settings/sso)
 * needs the adapter's SSO methods as well: AUTH_ADAPTER=drizzle has none, so there it is off and
 * the settings section says so, rather than the library refusing to start.
 */
export const ssoEnabled = organizationsEnabled && supportsSso(adapter)

/** The configuration itself; instrumentation.ts checks it once when the server starts. */
export const authConfig: NextAuthConfig = {
  adapter,
  // AUTH_REVOCATION_CHANNEL=redis|postgres: a ban, role change or "sign out everywhere" on one
  // instance reaches every other at once, not within AUTH_REVOCATION_DELAY (docs/deploying.md, "Several instances");
  // AUTH_REVOCATION_STORE=redis within a second, for serverless instances that cannot subscribe.
  session: { strategy: sessionStrategy, revocationChannel: revocationChannelFromEnv(), revocationStore: revocationStoreFromEnv() },
  // Organizations: teams of users with their own roles, invitations by mail, and an active
  // organization per session. The pages are app/orgs and app/o/[slug]; docs/organizations-and-teams.md.
  organizations: {
    enabled: organizationsEnabled,
    // Teams within an organization (app/o/[slug]/teams): a lead manages their team's members.
    teams: organizationsEnabled,
    // A member removed, given another role, or handed the ownership is mailed (server/organizations/member-notices.ts).
    onEvent: (event) => sendMemberNoticeLater(getPrisma(), event, mailLinkOrigin(process.env)),
  },
  // An organization's owners and admins connect its identity provider and verify its email domains
  // (DNS TXT, asked of AUTH_DNS_SERVERS when set); "Sign in with SSO" then sends those addresses there.
  sso: { enabled: ssoEnabled },
  // An organization page's GET reads session and membership together in the middleware (one
  // statement on the database strategy) and hands both to organizationPage(slug).
  organizationPage: (pathname) => /^\/o\/([^/]+)/.exec(pathname)?.[1] ?? null,
  // Passkeys (WebAuthn) are marked experimental, as in Auth.js v5: the provider options may
  // still change between versions. The flag is the explicit opt-in; without it the Passkey
  // provider below is a configuration error. The relying party is AUTH_URL's host name, so
  // passkeys made on one domain only work there (see docs/passkeys-and-two-factor.md, "Which origins work").
  experimental: { enableWebAuthn: true },
  // Counters live in one process-wide store (memory unless AUTH_RATE_LIMIT_STORE says otherwise),
  // shared by the route handlers, the middleware and the server actions. Limits: docs/rate-limits.md.
  // The library counts its own sign-in actions; the app's (sign-up, password reset) come with their rules.
  rateLimit: { store: rateLimitStoreFromEnv(), rules: { ...accountRateLimitRules, ...clientRulesFromEnv() } },
  providers: [
    Credentials({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email", autocomplete: "email", required: true },
        password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
      },
      // Unknown email and wrong password give the same answer in about the same time.
      // The library counts attempts per email and per client before calling this.
      authorize: (credentials) => authorizeWithPassword(getPrisma(), credentials),
      // "Confirm it's you" offers the password only to accounts that have one (not to OAuth-only or passkey-only ones).
      hasPassword: ({ id }) => userHasPassword(getPrisma(), id),
    }),
    // "Sign in with email" when mail works: EMAIL_SERVER, or the dev mailbox under `npm run dev`.
    ...emailSignInProviders(),
    // Sign-up and sign-in with a passkey alone; a discoverable credential with user verification.
    Passkey(),
    ...oauthProviders,
  ],
  theme: {
    colorScheme: "auto",
    // APP_NAME (default "Auth Starter"): the library's pages, its sign-in mail, the authenticator
    // entry (TOTP issuer) and the passkey prompt (relying-party name) say it instead of the host.
    name: appName(),
    brandColor: "#4f46e5",
    logo: "/logo.svg",
    // Beside the password field (sign-in, "Confirm it's you"). Password reset needs mail:
    // EMAIL_SERVER, or the dev mailbox under `npm run dev`.
    ...(mailMode() === "off" ? {} : { forgotPasswordLink: { label: "Forgot password?", href: "/forgot-password" } }),
    // Under the built-in sign-in form: the way to an account, and the way back.
    links: [
      { label: "Create an account", href: "/signup" },
      { label: "Back to the site", href: "/" },
    ],
    // On "Check your email": under `npm run dev` without EMAIL_SERVER the mail is in the dev
    // mailbox, not an inbox. mailMode() is never "dev-mailbox" in a production build.
    verifyRequestLinks: mailMode() === "dev-mailbox" ? [{ label: "Open the dev mailbox", href: "/dev/mailbox" }] : [],
  },
  events: {
    // A user the library created with an address nobody has proven yet (a passkey sign-up) is sent
    // the verification mail, as a password sign-up is. Not awaited by the sign-up: a failed mail
    // can be sent again from Settings.
    createUser({ user }) {
      if (!user.id || !user.email || ("emailVerified" in user && user.emailVerified) || mailMode() === "off") return
      void sendVerificationMail(getPrisma(), { userId: user.id, origin: mailLinkOrigin(process.env) }).catch((error: unknown) => {
        console.error("[verify email] the mail could not be sent:", error instanceof Error ? error.message : error)
      })
    },
    // The owner hears of every change to their second factor, wherever it was made: Settings, or the
    // library's own enrolment page when twoFactor.required sends a user there. (Replaced recovery
    // codes have no library event: the Settings action that replaces them sends that notice.)
    twoFactorEnabled({ userId }) {
      sendTwoFactorNoticeLater(getPrisma(), { userId, notice: "enabled", origin: mailLinkOrigin(process.env), rateLimit })
    },
    // Turned off by an admin (actorId): twoFactorDisabledByAdmin below sends the notice that says so.
    twoFactorDisabled({ userId, actorId }) {
      if (actorId !== null) return
      sendTwoFactorNoticeLater(getPrisma(), { userId, notice: "disabled", origin: mailLinkOrigin(process.env), rateLimit })
    },
    // Wrong second-step codes kept coming: someone has the first factor. The library flags one
    // wrong code per window (its "two-factor-failure-alert" rule) and logs it; the owner is mailed then.
    // After a password ("credentials") the mail offers to remove it: "It wasn't me".
    twoFactorFailed({ userId, alert, provider, failures }) {
      if (!alert) return
      const notice: SecurityNotice = { kind: "two-factor-failures", password: provider === "credentials", failures }
      sendSecurityNoticeLater(getPrisma(), { userId, notice, origin: mailLinkOrigin(process.env), rateLimit })
    },
    // A new way into an existing account: a passkey (type "webauthn") or a provider linked from
    // Settings, or by an address the provider vouches for. Not for the way a new user signed up
    // with (isNewUser: the user was created in this same sign-in).
    linkAccount({ user, account, isNewUser }) {
      if (!user.id || isNewUser) return
      const notice: SecurityNotice =
        account.type === "webauthn"
          ? { kind: "passkey-added" }
          : { kind: "account-linked", provider: oauthProviders.find((p) => p.id === account.provider)?.name ?? account.provider }
      sendSecurityNoticeLater(getPrisma(), { userId: user.id, notice, origin: mailLinkOrigin(process.env), rateLimit })
    },
    // A sign-in from a browser family, system and network the account has not signed in from before.
    newDeviceSignIn({ userId, ip, userAgent, method, provider }) {
      const notice = newDeviceNotice({ ip, userAgent, method, provider }, providerNames)
      sendSecurityNoticeLater(getPrisma(), { userId, notice, origin: mailLinkOrigin(process.env), rateLimit })
    },
    // What an administrator did to the account, from /admin or `npm run admin`. The ban
    // notice gives the end, never the admin's reason; the impersonation notice gives its reason,
    // which the user reads in their security log anyway (docs/decisions/roles-admin-impersonation.md, "Admin events and the mails they send").
    userBanned({ userId, until }) {
      adminNotice(userId, { kind: "banned", until })
    },
    userUnbanned({ userId }) {
      adminNotice(userId, { kind: "unbanned" })
    },
    sessionsRevokedByAdmin({ userId, scope }) {
      adminNotice(userId, { kind: "sessions-revoked", scope })
    },
    twoFactorDisabledByAdmin({ userId }) {
      adminNotice(userId, { kind: "two-factor-disabled" })
    },
    impersonationStarted({ userId, reason, expires }) {
      adminNotice(userId, { kind: "impersonation-started", reason, expires })
    },
  },
  callbacks: {
    authorized({ auth: session, request }) {
      const path = request.nextUrl.pathname
      if (path.startsWith("/api/") && !session) {
        return Response.json({ error: "Unauthorized" }, { status: 401 })
      }
      const verdict = permissionRules(session, path)
      if (verdict === "signed-out") return false
      if (verdict === "forbidden") {
        if (path.startsWith("/api/")) return Response.json({ error: "Forbidden" }, { status: 403 })
        // The app's own 404 page (header, title, language), as for any unknown address: a page that
        // is not yours does not exist. An underscore folder is never a route, so nothing is found there.
        return NextResponse.rewrite(new URL("/_forbidden", request.url), { status: 404 })
      }
      if (isProtected(path)) return Boolean(session?.user)
      return true
    },
    // Not async: it runs on every session read, and only an update needs to wait for anything.
    jwt({ token, user, trigger }) {
      if (user?.id) token.sub = user.id
      // The settings action validates and saves the name, then runs an update. The name is
      // copied from the database, never from the update's data: POST /api/auth/session is
      // public, so a client could otherwise put any text in its own session.
      if (trigger === "update" && token.sub) return withSavedProfile(token, token.sub)
      return token
    },
    // What the browser and server components see: an explicit, minimal shape.
    session({ session, token, user }) {
      const source = user ?? session.user
      return {
        expires: session.expires,
        user: { id: user?.id ?? token?.sub, name: source?.name ?? null, email: source?.email ?? null, image: source?.image ?? null },
      }
    },
  },
}

export const {
  handlers,
  auth,
  signIn,
  signOut,
  unstable_update,
  rateLimit,
  sessions,
  requireRecentAuthentication,
  securityLog,
  hasPermission,
  requirePermission,
  admin,
  impersonation,
  organizations,
} = NextAuth(authConfig)

/**
 * Where the auth routes are served: `basePath` above, else the path of AUTH_URL,
 * else /api/auth. Links and redirects to the auth routes are built from it (the
 * route handlers' folder, app/api/auth with [...nextauth] and session, must match).
 */
export const authBasePath = resolveBasePath(authConfig, process.env)

/** The sign-in page, optionally with where to return afterwards. */
export function signInPath(callbackUrl?: string): string {
  const query = callbackUrl === undefined ? "" : `?${new URLSearchParams({ callbackUrl })}`
  return `${authBasePath}/signin${query}`
}
