// npm run admin -- grant <email> | revoke <email> | list
// Gives or takes the `admin` role on the database DATABASE_URL names (default file:./prisma/dev.db).
// The user's sessions end (both strategies): they sign in again and get the new roles. Run by
// whoever holds the server; nothing here asks for a permission (docs/decisions/roles-admin-impersonation.md, "Roles, bans and impersonation").
import { randomBytes } from "node:crypto"
import { type AuthConfig, parseAdminEmails, setUserRoles } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createPrismaClient } from "@/lib/db/client"
import { normalizeEmail } from "@/server/accounts/email"

const USAGE = "usage: npm run admin -- grant <email>   |   npm run admin -- revoke <email>   |   npm run admin -- list"

function parseRoles(value: string | null): string[] {
  return (value ?? "").split(",").map((role) => role.trim()).filter(Boolean)
}

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail] = argv
  const db = createPrismaClient()
  try {
    if (command === "list") {
      const admins = await db.user.findMany({ where: { roles: { contains: "admin" } }, select: { email: true, roles: true } })
      const listed = admins.filter((user) => parseRoles(user.roles).includes("admin"))
      console.log(listed.length === 0 ? "No account holds the admin role in the database." : listed.map((user) => user.email ?? "(no address)").join("\n"))
      return 0
    }
    if ((command !== "grant" && command !== "revoke") || !rawEmail) {
      console.error(USAGE)
      return 2
    }
    const email = normalizeEmail(rawEmail)
    if (!email) {
      console.error(`error: not an email address: ${rawEmail}`)
      return 2
    }
    const user = await db.user.findUnique({ where: { email }, select: { id: true, roles: true } })
    if (!user) {
      console.error(`error: no account with the address ${email}`)
      return 1
    }
    const current = parseRoles(user.roles)
    const next = command === "grant" ? [...new Set([...current, "admin"])] : current.filter((role) => role !== "admin")
    // The library's own call, so the sessions end as for any role change. No secret is used to sign anything here.
    const config: AuthConfig = {
      providers: [],
      adapter: PrismaAdapter(db),
      session: { strategy: "database" },
      secret: process.env.AUTH_SECRET || randomBytes(32).toString("base64url"),
    }
    await setUserRoles(config, user.id, next)
    console.log(command === "grant" ? `${email} now holds the admin role; their sessions were ended.` : `${email} no longer holds the admin role; their sessions were ended.`)
    if (command === "revoke" && parseAdminEmails(process.env.AUTH_ADMIN_EMAILS).has(email)) {
      console.warn(`warning: ${email} is in AUTH_ADMIN_EMAILS, which still makes it an admin while its address is verified.`)
    }
    return 0
  } finally {
    await db.$disconnect()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`error: admin: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
