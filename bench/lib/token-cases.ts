/**
 * The session token alone, outside any request: decode of the same token
 * again and again (warm), decode of a token never seen before (cold), and
 * encode, each for ours (the KeyRing a configuration uses) and for
 * @auth/core's jwt module (what its Auth() calls on every request). Every
 * result is checked, so a broken case cannot time a fast failure.
 */
import type { CaseSpec } from "./cases"
import { type Library, SECRET } from "./libraries"
import { SESSION_CLAIMS, SESSION_SALT, mintTokens } from "./token-pool"

type TokenOp = "decode-warm" | "decode-cold" | "encode"

export interface TokenCaseSpec extends CaseSpec {
  op: TokenOp
}

const LABEL: Record<TokenOp, string> = {
  "decode-warm": "token decode, same token",
  "decode-cold": "token decode, distinct tokens",
  encode: "token encode",
}

export const TOKEN_CASES: readonly TokenCaseSpec[] = (["decode-warm", "decode-cold", "encode"] as const).flatMap((op) =>
  (["ours", "@auth/core"] as const).map((library) => ({
    id: `token/${op}/${library === "ours" ? "ours" : "auth-core"}`,
    label: `${LABEL[op]}: ${library === "ours" ? "ours" : "@auth/core 0.41.3"}`,
    library,
    strategy: "jwt" as const,
    op,
  })),
)

/** Anything the bench loop can time: request cases and token cases alike. */
export interface TimedCase {
  spec: CaseSpec
  /** Runs `count` ops, timing each into samples[offset + i] (ns) when given. */
  run(count: number, samples?: Float64Array, offset?: number): Promise<void>
}

export interface TokenCase extends TimedCase {
  spec: TokenCaseSpec
}

interface Codec {
  decode(token: string): Promise<{ email?: unknown } | null>
  encode(): Promise<string>
}

async function codecFor(library: Library): Promise<Codec> {
  if (library === "ours") {
    const { KeyRing } = await import("../../lib/auth/jwt")
    // Default options, as the configuration's ring: the decode cache is on.
    const ring = new KeyRing(SECRET)
    return { decode: (token) => ring.decode(token, SESSION_SALT), encode: () => ring.encode(SESSION_CLAIMS, SESSION_SALT) }
  }
  const { decode, encode } = await import("@auth/core/jwt")
  return {
    decode: (token) => decode({ token, secret: SECRET, salt: SESSION_SALT }),
    encode: () => encode({ token: SESSION_CLAIMS, secret: SECRET, salt: SESSION_SALT }),
  }
}

/** `ops`: how many the case will run in all, warm-up included (the cold case needs that many tokens). */
export async function setupTokenCase(spec: TokenCaseSpec, ops: number): Promise<TokenCase> {
  const codec = await codecFor(spec.library)
  const tokens = spec.op === "decode-cold" ? await mintTokens(spec.library, ops) : spec.op === "decode-warm" ? await mintTokens(spec.library, 1) : []
  let next = 0
  const op: () => Promise<unknown> =
    spec.op === "encode"
      ? () => codec.encode()
      : spec.op === "decode-warm"
        ? () => codec.decode(tokens[0]!)
        : () => {
            const token = tokens[next++]
            if (!token) throw new Error(`${spec.id}: out of distinct tokens`)
            return codec.decode(token)
          }
  const check = (result: unknown) => {
    const ok = typeof result === "string" ? result.split(".").length === 5 : (result as { email?: unknown } | null)?.email === SESSION_CLAIMS.email
    if (!ok) throw new Error(`${spec.id}: unexpected result ${JSON.stringify(result)?.slice(0, 200)}`)
  }
  return {
    spec,
    async run(count, samples, offset = 0) {
      for (let i = 0; i < count; i++) {
        const start = process.hrtime.bigint()
        const result = await op()
        const elapsed = process.hrtime.bigint() - start
        if (samples) samples[offset + i] = Number(elapsed)
        check(result)
      }
    },
  }
}
