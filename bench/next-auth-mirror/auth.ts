import NextAuth from "next-auth"
import Credentials from "next-auth/providers/credentials"
import { prismaAdapter } from "./db"

const strategy = process.env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt"
/** Shown on the dashboard, as the starter's auth.ts exports it. */
export const sessionStrategy: "database" | "jwt" = strategy
const databaseFile = process.env.NEXT_AUTH_BENCH_DB

export const { handlers, auth, signOut } = NextAuth({
  trustHost: true,
  session: { strategy },
  ...(strategy === "database" && databaseFile ? { adapter: prismaAdapter() } : {}),
  // next-auth refuses Credentials next to database sessions (UnsupportedStrategy), and the
  // benchmark mints its database sessions itself: no provider is needed there.
  providers: strategy === "database" ? [] : [
    Credentials({
      credentials: { email: {}, password: {} },
      // The benchmark mints its sessions; one fixed account lets a real sign-in be checked too.
      authorize: (credentials) =>
        credentials?.email === "demo@example.com" && credentials.password === "demo-password-123"
          ? { id: "demo-user", name: "Demo", email: "demo@example.com" }
          : null,
    }),
  ],
  callbacks: {
    // next-auth's jwt session names no user id by default; the pages read the user's rows by it.
    session({ session, token }) {
      if (token?.sub && session.user) session.user.id = token.sub
      return session
    },
    authorized({ auth: session, request }) {
      if (request.nextUrl.pathname.startsWith("/dashboard")) return Boolean(session?.user)
      return true
    },
  },
})
