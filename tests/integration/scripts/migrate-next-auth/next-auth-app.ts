// A small next-auth v5 app as create-next-app and Auth.js's Prisma guide leave it, written here
// (not copied from any project) from strings, so that its next-auth imports are never type-checked
// or linted as part of the starter. Shaped like nextauthjs/next-auth-example: auth.ts with OAuth
// providers and a session callback, middleware.ts exporting auth, the route handlers,
// a client component on next-auth/react, a server page calling auth(), and an instrumentation.ts
// of its own; on Prisma with SQLite through @auth/prisma-adapter and the schema Auth.js documents.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { PROJECT_ROOT } from "@/lib/db/layout"

const PACKAGE_JSON = {
  name: "my-next-auth-app",
  private: true,
  scripts: { dev: "next dev", build: "next build", start: "next start" },
  dependencies: {
    "@auth/prisma-adapter": "^2.11.0",
    "@prisma/client": "^6.16.0",
    next: "16.4.6",
    "next-auth": "5.0.0-beta.32",
    react: "19.3.1",
    "react-dom": "19.3.1",
  },
  devDependencies: { "@types/node": "^20", "@types/react": "^19", prisma: "^6.16.0", typescript: "^5" },
}

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2017",
    "lib": ["dom", "dom.iterable", "esnext"],
    "allowJs": true,
    "skipLibCheck": true,
    "strict": true,
    "noEmit": true,
    "esModuleInterop": true,
    "module": "esnext",
    "moduleResolution": "bundler",
    "resolveJsonModule": true,
    "isolatedModules": true,
    "jsx": "react-jsx",
    "incremental": false,
    "plugins": [{ "name": "next" }],
    "paths": { "@/*": ["./*"] }
  },
  "include": ["next-env.d.ts", "**/*.ts", "**/*.tsx"],
  "exclude": ["node_modules"]
}
`

const AUTH_TS = `import NextAuth from "next-auth"
import { PrismaAdapter } from "@auth/prisma-adapter"
import GitHub from "next-auth/providers/github"
import Keycloak from "next-auth/providers/keycloak"
import { prisma } from "@/prisma"

export const { handlers, auth, signIn, signOut } = NextAuth({
  adapter: PrismaAdapter(prisma),
  providers: [GitHub, Keycloak({ name: "Company SSO" })],
  session: { strategy: "database" },
  callbacks: {
    authorized({ auth: session, request }) {
      if (request.nextUrl.pathname.startsWith("/account")) return Boolean(session?.user)
      return true
    },
    session({ session, user }) {
      return { ...session, user: { ...session.user, id: user.id } }
    },
  },
})
`

// The client module Auth.js's Prisma guide has the app write.
const PRISMA_TS = `import { PrismaClient } from "@prisma/client"

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient }

export const prisma = globalForPrisma.prisma ?? new PrismaClient()

if (process.env.NODE_ENV !== "production") globalForPrisma.prisma = prisma
`

const FILES: Record<string, string> = {
  "tsconfig.json": TSCONFIG,
  "next-env.d.ts": `/// <reference types="next" />\n/// <reference types="next/image-types/global" />\n`,
  ".env": `AUTH_SECRET="a-development-secret-of-at-least-thirty-two-characters"\nDATABASE_URL="file:./dev.db"\n`,
  "auth.ts": AUTH_TS,
  "prisma.ts": PRISMA_TS,
  "middleware.ts": `export { auth as middleware } from "@/auth"\n\nexport const config = { matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"] }\n`,
  "instrumentation.ts": `export function register(): void {\n  console.log("my-next-auth-app starting")\n}\n`,
  "app/api/auth/[...nextauth]/route.ts": `import { handlers } from "@/auth"\n\nexport const { GET, POST } = handlers\n`,
  "app/layout.tsx": `import type { ReactNode } from "react"\nimport { SessionProvider } from "next-auth/react"\n\nexport default function RootLayout({ children }: { children: ReactNode }) {\n  return (\n    <html lang="en">\n      <body>\n        <SessionProvider>{children}</SessionProvider>\n      </body>\n    </html>\n  )\n}\n`,
  "app/page.tsx": `import { auth, signIn, signOut } from "@/auth"\n\nexport default async function Home() {\n  const session = await auth()\n  if (!session?.user) {\n    return (\n      <form action={async () => { "use server"; await signIn("github") }}>\n        <button type="submit">Sign in with GitHub</button>\n      </form>\n    )\n  }\n  return (\n    <form action={async () => { "use server"; await signOut() }}>\n      <p>Signed in as {session.user.email}</p>\n      <button type="submit">Sign out</button>\n    </form>\n  )\n}\n`,
  "app/account/user-name.tsx": `"use client"\nimport { useSession } from "next-auth/react"\n\nexport function UserName() {\n  const { data, status } = useSession()\n  if (status === "loading") return <span>…</span>\n  return <span>{data?.user?.name ?? "nobody"}</span>\n}\n`,
  "app/account/page.tsx": `import type { Session } from "next-auth"\nimport { auth } from "@/auth"\nimport { UserName } from "./user-name"\n\nfunction greeting(session: Session | null): string {\n  return session?.user?.email ? \`Account of \${session.user.email}\` : "No account"\n}\n\nexport default async function Account() {\n  const session = await auth()\n  return (\n    <main>\n      <h1>{greeting(session)}</h1>\n      <UserName />\n    </main>\n  )\n}\n`,
}

/** Writes the app into `dir`: the documented next-auth SQLite schema with the classic generator, and the files above. */
export function writeNextAuthApp(dir: string): void {
  const documented = readFileSync(path.join(PROJECT_ROOT, "prisma/next-auth-upgrade/sqlite/next-auth.prisma"), "utf8")
  const files = {
    ...FILES,
    "package.json": `${JSON.stringify(PACKAGE_JSON, null, 2)}\n`,
    "prisma/schema.prisma": `generator client {\n  provider = "prisma-client-js"\n}\n\n${documented}`,
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
}
