/**
 * A software WebAuthn authenticator for tests: real P-256 keys (node:crypto),
 * real ES256 signatures, authenticator data and "none" attestation encoded
 * with the small CBOR writer below. It answers options the way a browser plus
 * platform authenticator would, and lets a test bend what it signs (origin,
 * rp id, flags, counter) to play an attacker or a broken device.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto"

// ---------------------------------------------------------------------------
// CBOR (RFC 8949): just the major types WebAuthn needs.
// ---------------------------------------------------------------------------

type CborValue = number | string | boolean | Uint8Array | CborValue[] | Map<CborValue, CborValue> | { [key: string]: CborValue }

function head(major: number, length: number): Uint8Array {
  const m = major << 5
  if (length < 24) return Uint8Array.of(m | length)
  if (length < 0x100) return Uint8Array.of(m | 24, length)
  if (length < 0x10000) return Uint8Array.of(m | 25, length >> 8, length & 0xff)
  return Uint8Array.of(m | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff)
}

export function cbor(value: CborValue): Uint8Array {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === "boolean") return Uint8Array.of(value ? 0xf5 : 0xf4)
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value)
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)])
  const entries = value instanceof Map ? [...value] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

// ---------------------------------------------------------------------------
// The authenticator
// ---------------------------------------------------------------------------

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url")
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest()

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_BE = 0x08
const FLAG_BS = 0x10
const FLAG_AT = 0x40

export interface SoftAuthenticatorOptions {
  /** "zero": the counter stays 0, as synced passkeys' does. "increment": +1 per signature. */
  counter?: "zero" | "increment"
  /** Report the user as verified (UV flag). Default true. */
  userVerified?: boolean
  /** Backup eligible and backed up (a synced passkey). Default true. */
  backedUp?: boolean
}

/** What a response is made for; each field defaults to what the options and origin say. */
export interface Ceremony {
  origin: string
  /** The rp id hashed into the authenticator data (default: options.rp.id / options.rpId). */
  rpId?: string
  /** Overrides the challenge written into clientDataJSON. */
  challenge?: string
  /** Edits clientDataJSON after it is built (tampering). */
  editClientData?: (clientData: Record<string, unknown>) => Record<string, unknown>
}

export interface RegistrationJSON {
  id: string
  rawId: string
  type: "public-key"
  response: { clientDataJSON: string; attestationObject: string; transports: string[] }
  clientExtensionResults: Record<string, never>
  authenticatorAttachment: "platform"
}

export interface AuthenticationJSON {
  id: string
  rawId: string
  type: "public-key"
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }
  clientExtensionResults: Record<string, never>
  authenticatorAttachment: "platform"
}

interface OptionsLike {
  challenge: string
  rp?: { id?: string }
  rpId?: string
  user?: { id: string }
}

export class SoftAuthenticator {
  readonly credentialId: Uint8Array = randomBytes(16)
  readonly #privateKey: KeyObject
  readonly #cosePublicKey: Uint8Array
  counter = 0
  userVerified: boolean
  readonly #mode: "zero" | "increment"
  readonly #backedUp: boolean
  #userHandle?: string

  constructor(options: SoftAuthenticatorOptions = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    this.#privateKey = privateKey
    const jwk = publicKey.export({ format: "jwk" })
    const coordinate = (v: string | undefined) => Buffer.from(v as string, "base64url")
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.#cosePublicKey = cbor(new Map<CborValue, CborValue>([[1, 2], [3, -7], [-1, 1], [-2, coordinate(jwk.x)], [-3, coordinate(jwk.y)]]))
    this.#mode = options.counter ?? "zero"
    this.userVerified = options.userVerified ?? true
    this.#backedUp = options.backedUp ?? true
  }

  /** The credential id as WebAuthn JSON carries it (base64url). */
  get id(): string {
    return b64url(this.credentialId)
  }

  /** The COSE public key bytes the relying party should store. */
  get publicKey(): Uint8Array {
    return this.#cosePublicKey
  }

  #flags(extra: number): number {
    let flags = FLAG_UP | extra
    if (this.userVerified) flags |= FLAG_UV
    if (this.#backedUp) flags |= FLAG_BE | FLAG_BS
    return flags
  }

  #nextCounter(): number {
    if (this.#mode === "increment") this.counter += 1
    return this.counter
  }

  #authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Uint8Array.of(flags), count, ...(attested ? [attested] : [])])
  }

  #clientData(type: string, options: OptionsLike, ceremony: Ceremony): Uint8Array {
    const base: Record<string, unknown> = {
      type,
      challenge: ceremony.challenge ?? options.challenge,
      origin: ceremony.origin,
      crossOrigin: false,
    }
    return Buffer.from(JSON.stringify(ceremony.editClientData ? ceremony.editClientData(base) : base))
  }

  /** navigator.credentials.create() for the given registration options. */
  register(options: OptionsLike, ceremony: Ceremony): RegistrationJSON {
    const rpId = ceremony.rpId ?? options.rp?.id ?? new URL(ceremony.origin).hostname
    this.#userHandle = options.user?.id
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.#cosePublicKey])
    const authData = this.#authData(rpId, this.#flags(FLAG_AT), this.#nextCounter(), attested)
    const clientDataJSON = this.#clientData("webauthn.create", options, ceremony)
    return this.#credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(cbor({ fmt: "none", attStmt: {}, authData })),
      transports: ["internal", "hybrid"],
    })
  }

  /** navigator.credentials.get() for the given authentication options. */
  authenticate(options: OptionsLike, ceremony: Ceremony): AuthenticationJSON {
    const rpId = ceremony.rpId ?? options.rpId ?? new URL(ceremony.origin).hostname
    const authData = this.#authData(rpId, this.#flags(0), this.#nextCounter())
    const clientDataJSON = this.#clientData("webauthn.get", options, ceremony)
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey)
    return this.#credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.#userHandle ? { userHandle: this.#userHandle } : {}),
    })
  }

  /** The PublicKeyCredential JSON a browser hands the page, around a ceremony's response. */
  #credential<R>(response: R) {
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    }
  }
}
