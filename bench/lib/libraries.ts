/**
 * The two libraries under test behind one shape. Each is imported only when
 * asked for, so a memory child process loads just the library it measures.
 */
import type { Adapter } from "../../lib/auth/adapters/types"
import type { RevocationChannel } from "../../lib/auth"

export type Library = "ours" | "@auth/core"
export type Strategy = "jwt" | "database"

/** What a case varies; everything else in the configuration is identical for both libraries. */
export interface ConfigOptions {
  strategy: Strategy
  /** session.updateAge in seconds; undefined keeps the library's default (1 day in both). */
  updateAge?: number
  adapter?: Adapter
  /** Ours only (Auth.js has no revocation to share): the channel every instance would listen on. */
  revocationChannel?: RevocationChannel
}

// A type alias, not an interface: both libraries' User types carry an index signature.
export type BenchUser = {
  id: string
  name: string
  email: string
  image: string | null
}

export interface LoadedLibrary {
  library: Library
  /** A request handler bound to one configuration object (built once, reused for every request). */
  handler(options: ConfigOptions): (request: Request) => Promise<Response>
}

export const SECRET = "bench-secret-3f9c1a7e5b2d4c6a8e0f1b3d5a7c9e2f"
export const BASE_PATH = "/auth"
export const ORIGIN = "http://localhost:3000"
export const PASSWORD = "correct horse battery staple"
export const JWT_USER: BenchUser = { id: "bench-user-1", name: "Ada Lovelace", email: "ada@example.com", image: null }

/** The credentials check both libraries are given: one known account. */
async function authorize(credentials: Partial<Record<string, unknown>>): Promise<BenchUser | null> {
  return credentials.email === JWT_USER.email && credentials.password === PASSWORD ? JWT_USER : null
}

const credentialFields = { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } }

/**
 * Auth.js refuses the database strategy when credentials is the only
 * provider, so database cases also list an OAuth provider (never contacted:
 * GET /session does not touch it). Both libraries get the same list.
 */
const stubOAuth = {
  id: "bench-oauth",
  name: "Bench OAuth",
  type: "oauth" as const,
  clientId: "bench-client",
  clientSecret: "bench-client-secret",
  authorization: "http://127.0.0.1:9/authorize",
  token: "http://127.0.0.1:9/token",
  userinfo: "http://127.0.0.1:9/userinfo",
}

function sessionOptions(options: ConfigOptions) {
  return { strategy: options.strategy, ...(options.updateAge === undefined ? {} : { updateAge: options.updateAge }) }
}

function ourSessionOptions(options: ConfigOptions) {
  return { ...sessionOptions(options), ...(options.revocationChannel ? { revocationChannel: options.revocationChannel } : {}) }
}

async function loadOurs(): Promise<LoadedLibrary> {
  const [{ Auth }, { default: Credentials }] = await Promise.all([
    import("../../lib/auth/index"),
    import("../../lib/auth/providers/credentials"),
  ])
  return {
    library: "ours",
    handler(options) {
      const credentials = Credentials({ credentials: credentialFields, authorize })
      const config = {
        secret: SECRET,
        trustHost: true,
        basePath: BASE_PATH,
        providers: options.strategy === "database" ? [credentials, stubOAuth] : [credentials],
        session: ourSessionOptions(options),
        ...(options.adapter ? { adapter: options.adapter } : {}),
      }
      return (request) => Auth(request, config)
    },
  }
}

async function loadAuthCore(): Promise<LoadedLibrary> {
  const [{ Auth }, { default: Credentials }] = await Promise.all([
    import("@auth/core"),
    import("@auth/core/providers/credentials"),
  ])
  type CoreConfig = Parameters<typeof Auth>[1]
  return {
    library: "@auth/core",
    handler(options) {
      const credentials = Credentials({ credentials: credentialFields, authorize })
      const config: Omit<CoreConfig, "raw"> = {
        secret: SECRET,
        trustHost: true,
        basePath: BASE_PATH,
        providers: options.strategy === "database" ? [credentials, stubOAuth] : [credentials],
        session: sessionOptions(options),
        // Our adapter implements the Auth.js adapter contract; only the declared types differ.
        ...(options.adapter ? { adapter: options.adapter as NonNullable<CoreConfig["adapter"]> } : {}),
      }
      return (request) => Auth(request, config)
    },
  }
}

export function loadLibrary(library: Library): Promise<LoadedLibrary> {
  return library === "ours" ? loadOurs() : loadAuthCore()
}
