// The library's configuration for this example: one demo account, sessions in a jwt cookie.
import { SvelteKitAuth } from "$auth/sveltekit"
import Credentials from "$auth/providers/credentials"

const demo = { id: "demo", name: "Demo User", email: "demo@example.com" }

export const { handle, signIn, signOut } = SvelteKitAuth({
  secret: process.env.AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      authorize: async ({ email, password }) => (email === demo.email && password === "demo-password-123" ? demo : null),
    }),
  ],
})
