/**
 * The library's configuration for this example: the demo account through a
 * credentials provider, the Prisma adapter, sessions in the database or (with
 * AUTH_SESSION_STRATEGY=jwt) in an encrypted cookie. ExpressAuth and
 * getSession take this same object.
 */
import type { ExpressAuthConfig } from "../../lib/auth/express"
import { PrismaAdapter } from "../../lib/auth/adapters/prisma"
import Credentials from "../../lib/auth/providers/credentials"
import { prisma } from "./db"
import { userWithPassword } from "./demo-user"

/**
 * Where the auth routes live. server.ts mounts the middleware here, and it is
 * also `basePath`, so getSession (which does not know the mount) agrees. A path
 * in AUTH_URL, if you give one, must be this one.
 */
export const AUTH_BASE_PATH = "/auth"

export const authConfig: ExpressAuthConfig = {
  basePath: AUTH_BASE_PATH,
  secret: process.env.AUTH_SECRET,
  adapter: PrismaAdapter(prisma),
  session: { strategy: process.env.AUTH_SESSION_STRATEGY === "jwt" ? "jwt" : "database" },
  providers: [
    Credentials({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email", autocomplete: "email", required: true },
        password: { label: "Password", type: "password", autocomplete: "current-password", required: true },
      },
      authorize: ({ email, password }) => userWithPassword(email, password),
    }),
  ],
}
