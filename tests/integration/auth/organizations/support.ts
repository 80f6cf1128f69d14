/**
 * What the organization suites share: a configuration with organizations on over a real
 * database, accounts with a password (verified or not), signed-in browsers, and the cookies
 * an operation hands back put into the browser's jar as a real browser would.
 */
import { OrganizationError, type AuthConfig, type OrganizationEvent } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import type { Cookie } from "@/lib/auth/types"
import type { PrismaClient as SqlitePrismaClient } from "@/lib/generated/prisma/sqlite/client"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import type { TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, SECRET } from "../support"

export const PASSWORD = "organization-suite-password-5521"

export function organizationConfig(db: TestDatabase, strategy: "database" | "jwt", events: OrganizationEvent[] = [], extra: Partial<AuthConfig["organizations"]> = {}): AuthConfig {
  return {
    secret: SECRET,
    basePath: BASE,
    trustHost: true,
    adapter: PrismaAdapter(db.prisma),
    session: { strategy, revocationDelay: 60, revocationCache: new ValidSinceCache() },
    providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    organizations: { enabled: true, onEvent: (event) => void events.push(event), ...extra },
  }
}

/**
 * organizationConfig's, over a client that records every Prisma operation the library runs into
 * `operations` (the suites that count a page's database work), with the revocation cache given.
 */
export function countingOrganizationConfig(db: TestDatabase, strategy: "database" | "jwt", operations: string[], cache = new ValidSinceCache()): AuthConfig {
  const counted = (db.prisma as SqlitePrismaClient).$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        operations.push(`${model ?? "$"}.${operation}`)
        return query(args)
      },
    },
  })
  return {
    secret: SECRET,
    basePath: BASE,
    trustHost: true,
    adapter: PrismaAdapter(counted),
    session: { strategy, revocationDelay: 60, revocationCache: cache },
    providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    organizations: { enabled: true },
  }
}

let n = 0

/** A new account; `verified` marks its address proven. */
export async function account(db: TestDatabase, verified = true): Promise<{ id: string; email: string }> {
  const email = `member-${process.pid}-${++n}-${Math.random().toString(36).slice(2, 8)}@example.test`
  const created = await signUp(db.prisma, { email, name: `Member ${n}`, password: PASSWORD })
  if (!created.ok) throw new Error(created.message)
  await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: verified ? new Date() : null } })
  return { id: created.user.id, email }
}

export async function signedIn(config: AuthConfig, email: string): Promise<Browser> {
  const browser = new Browser(config)
  await browser.signInWithCredentials({ email, password: PASSWORD })
  if (!browser.sessionValue()) throw new Error(`sign-in failed for ${email}`)
  return browser
}

/** Sets the cookies an operation returned, as the browser would on the response. */
export function apply(browser: Browser, cookies: Cookie[]): void {
  for (const cookie of cookies) {
    if (cookie.value === "" || cookie.options?.maxAge === 0) browser.jar.delete(cookie.name)
    else browser.jar.set(cookie.name, cookie.value)
  }
}

/** A request from the browser, as a server action would receive it. */
export const requestOf = (browser: Browser) => browser.request("/dashboard")

/** The code of the OrganizationError a call is refused with, or null when it goes through. */
export async function refusal(call: () => Promise<unknown>): Promise<string | null> {
  return call().then(
    () => null,
    (error: unknown) => {
      if (error instanceof OrganizationError) return error.code
      throw error
    },
  )
}
