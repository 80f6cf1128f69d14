// The library's configuration for this example: the demo account through a credentials provider,
// the Prisma adapter, sessions in the database or (AUTH_SESSION_STRATEGY=jwt) in an encrypted cookie.
// Every value comes from process.env: export the variables (SvelteKit's .env files are not read here).
import { SvelteKitAuth } from "$auth/sveltekit"
import { PrismaAdapter } from "$auth/adapters/prisma"
import Credentials from "$auth/providers/credentials"
import { prisma } from "$lib/server/db"
import { userWithPassword } from "$lib/server/demo-user"

export const { handle, signIn, signOut } = SvelteKitAuth({
  secret: process.env.AUTH_SECRET,
  // The origin is event.url's, which the SvelteKit adapter derives (adapter-node: its ORIGIN variable);
  // AUTH_URL pins it instead. So the Host header is no more trusted here than SvelteKit trusts it.
  trustHost: true,
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
})
