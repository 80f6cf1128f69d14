/**
 * bench:http's bound: the reference app's pages on an auth "library" that costs
 * nothing. The cookie `bench-user` names the user outright (no signature, no
 * decryption, no session row: never do this in an app), and every user is
 * read into memory on the first request. What this app serves is what any
 * auth library could reach with these very pages; the starter's and
 * next-auth's figures are read against it.
 */
import { cache } from "react"
import { cookies } from "next/headers"
import { prisma } from "./db"

export const FREE_AUTH_COOKIE = "bench-user"
/** Shown on the dashboard, as the starter's auth.ts exports it. */
export const sessionStrategy: "database" | "jwt" = process.env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt"

interface FreeSession {
  user: { id: string; name: string | null; email: string | null }
  expires: string
}

const EXPIRES = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString()
let users: Promise<Map<string, FreeSession["user"]>> | undefined

function allUsers(): Promise<Map<string, FreeSession["user"]>> {
  users ??= prisma()
    .user.findMany({ select: { id: true, name: true, email: true } })
    .then((rows) => new Map(rows.map((row) => [row.id, row])))
  return users
}

/** The session the cookie names, from memory. */
export async function sessionOf(userId: string | undefined): Promise<FreeSession | null> {
  const user = userId ? (await allUsers()).get(userId) : undefined
  return user ? { user, expires: EXPIRES } : null
}

export const auth = cache(async (): Promise<FreeSession | null> => sessionOf((await cookies()).get(FREE_AUTH_COOKIE)?.value))

async function session(request: Request): Promise<Response> {
  const userId = /(?:^|;\s*)bench-user=([^;]+)/.exec(request.headers.get("cookie") ?? "")?.[1]
  return Response.json(await sessionOf(userId))
}

export const handlers = { GET: session, POST: session }

export async function signOut(): Promise<void> {}
