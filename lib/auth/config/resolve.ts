/**
 * Turns the user's configuration into the resolved one the pipeline uses:
 * defaults, environment, validation, cookie options, the key ring and the
 * session strategy, all once per configuration object. No per-request work
 * here.
 */
import { KeyRing } from "../jwt"
import { defaultCookies, mergeCookieOptions } from "../cookies"
import { createLogger } from "../logger"
import { featureGapsNotice } from "../adapters/foreign-adapter"
import { RateLimiter } from "../rate-limit/limiter"
import { raw as rawSymbol, skipCSRFCheck as skipCSRFSymbol } from "../symbols"
import type { JWTOptions } from "../types"
import type { ProviderConfig } from "../providers/types"
import { normaliseOAuthProvider } from "../oauth/normalise"
import { databaseStrategy } from "../session/database-session"
import { jwtStrategy } from "../session/jwt-session"
import { DEFAULT_REVOCATION_DELAY_SECONDS, sessionRevocation } from "../session/revocation"
import { processValidSinceCache } from "../session/valid-since-cache"
import { standingCacheFor } from "../session/standing-cache"
import { changeWatchFor, listenForRevocations } from "../session/revocation-listener"
import {
  accessMethods,
  adapterViews,
  hasMethods,
  revocationMethods,
  securityLogMethods,
  webauthnChallengeMethods,
} from "../adapters/capabilities"
import { defaultAccessControl } from "../access/control"
import { impersonationMaxAge, parseAdminEmails } from "../access/user-access"
import { wrapAdapter } from "./adapter"
import { resolveTwoFactor, twoFactorProblem } from "./two-factor"
import { organizationsProblem, resolveOrganizations } from "./organizations"
import { resolveSso, ssoProblem } from "./sso"
import { assertConfig } from "./assert"
import { providerProblems } from "./provider-problems"
import {
  DEFAULT_ABSOLUTE_MAX_AGE,
  DEFAULT_MAX_AGE,
  DEFAULT_REAUTHENTICATE_AFTER,
  DEFAULT_SECURITY_LOG_RETENTION_DAYS,
  DEFAULT_UPDATE_AGE,
  defaultCallbacks,
  defaultSessionToken,
} from "./defaults"
import { applyEnvDefaults } from "./env"
import type { Env } from "../env"
import { environmentProblems } from "./env-check"
import type { ResolvedConfig } from "./resolved"
import type { AuthConfig, SessionOptions } from "./types"
import { mailLinkOrigin, mailOriginProblem } from "../email/link-origin"

export interface ResolveOptions {
  env?: Env
  defaultBasePath?: string
}

// Once per process, not per configuration or request: the flag is a fact about the
// deployment, and repeating it only buries other warnings. The mark lives on globalThis
// because Next.js loads this module once per bundle (instrumentation, proxy, route
// handlers, server components), and a module-level flag would warn once in each.
const WARNED_EXPERIMENTAL_WEBAUTHN = Symbol.for("auth.config.warned-experimental-webauthn")

/** True the first time in this process; false for every later caller, whichever bundle it is in. */
function firstExperimentalWebAuthnWarning(): boolean {
  const marks = globalThis as { [WARNED_EXPERIMENTAL_WEBAUTHN]?: true }
  if (marks[WARNED_EXPERIMENTAL_WEBAUTHN]) return false
  marks[WARNED_EXPERIMENTAL_WEBAUTHN] = true
  return true
}

const NOTICED_FEATURE_GAPS = Symbol.for("auth.config.noticed-adapter-feature-gaps")

/** True the first time in this process, as for the WebAuthn warning above. */
function firstFeatureGapsNotice(): boolean {
  const marks = globalThis as { [NOTICED_FEATURE_GAPS]?: true }
  if (marks[NOTICED_FEATURE_GAPS]) return false
  marks[NOTICED_FEATURE_GAPS] = true
  return true
}

const WARNED_COOKIE_ONLY_CHALLENGES = Symbol.for("auth.config.warned-webauthn-challenge-cookie-only")

/** True the first time in this process, as for the WebAuthn warning above. */
function firstCookieOnlyChallengeWarning(): boolean {
  const marks = globalThis as { [WARNED_COOKIE_ONLY_CHALLENGES]?: true }
  if (marks[WARNED_COOKIE_ONLY_CHALLENGES]) return false
  marks[WARNED_COOKIE_ONLY_CHALLENGES] = true
  return true
}

const COOKIE_ONLY_CHALLENGES_FIX =
  "A captured passkey response, sent again with its cookie, can still sign in on another instance until that cookie expires. To make every challenge single-use across instances, add webAuthnChallengeCompanion (lib/auth/adapters/companion, table auth_webauthn_challenge; see examples/drizzle) to the adapter. What remains without it: docs/decisions/passkey-challenge-without-store.md."

function normaliseBasePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "")
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`
}

function resolve(input: AuthConfig, options: ResolveOptions): ResolvedConfig {
  const env = options.env ?? process.env
  const config = applyEnvDefaults(input, env, options.defaultBasePath ?? "/auth")
  const logger = createLogger(config.logger, config.debug === true)
  const providers = (config.providers as ProviderConfig[]).map((p) => {
    if (p.type !== "oauth" && p.type !== "oidc") return p
    try {
      return normaliseOAuthProvider(p, { redirectProxyUrl: config.redirectProxyUrl })
    } catch {
      // An unparsable URL: assertConfig reports it as a configuration error.
      return p
    }
  })
  // A provider that cannot be used is left out of what the pipeline serves; the rest goes on.
  const unavailable = providerProblems(providers)
  const usableProviders = providers.filter((p) => !unavailable.has(p.id))
  const strategy = config.session?.strategy ?? (config.adapter ? "database" : "jwt")
  const secrets = typeof config.secret === "string" ? [config.secret] : (config.secret ?? [])
  const maxAge = config.session?.maxAge ?? DEFAULT_MAX_AGE
  // A malformed AUTH_URL or issuer variable first: the checks below would only see its effects.
  const error =
    environmentProblems(env)[0] ??
    assertConfig({ config, providers, strategy, production: env.NODE_ENV === "production" }) ??
    mailOriginProblem(env, providers.some((p) => p.type === "email")) ??
    twoFactorProblem(config.twoFactor, config.adapter) ??
    organizationsProblem(config.organizations, config.adapter) ??
    ssoProblem(config.sso, config.organizations?.enabled === true, config.adapter)
  // Built after the check: KeyRing throws on an unusable secret, which must surface as the
  // MissingSecret configuration error above rather than escape Auth() as an exception.
  const keyRing = new KeyRing(error ? ["unset"] : secrets)
  if (!error && secrets.some((s) => s.length < 32)) logger.warn("weak-secret")
  // With a custom logger `debug` is ignored, so there is nothing to warn about.
  if (!error && config.debug && !config.logger) logger.warn("debug-enabled")
  // Only when a passkey provider is configured: the flag alone (say, left on after passkeys were
  // removed) changes nothing, and a warning about nothing only teaches people to skip warnings.
  const passkeys = providers.some((p) => p.type === "webauthn")
  if (!error && passkeys && config.experimental?.enableWebAuthn && firstExperimentalWebAuthnWarning()) logger.warn("experimental-webauthn")
  // Any Auth.js adapter: passkeys work with the challenge in its cookie alone. Said once, at start,
  // because it is a fact about the deployment, not about any one request.
  if (!error && passkeys && !hasMethods(config.adapter, webauthnChallengeMethods) && firstCookieOnlyChallengeWarning()) {
    logger.warn("webauthn-challenge-cookie-only", COOKIE_ONLY_CHALLENGES_FIX)
  }
  // An Auth.js adapter: the features it has no methods for are off, said once per process.
  const gapsNotice = error ? undefined : featureGapsNotice(config.adapter)
  if (gapsNotice && firstFeatureGapsNotice()) logger.warn("adapter-features-off", gapsNotice)
  // The Next.js layer's own server-side calls (raw + skipCSRFCheck) are same-origin by construction.
  if (!error && config.skipCSRFCheck === skipCSRFSymbol && config.raw !== rawSymbol) logger.warn("csrf-disabled")

  const customEncode = config.jwt?.encode
  const customDecode = config.jwt?.decode
  const jwt: JWTOptions = {
    maxAge: config.jwt?.maxAge ?? maxAge,
    encode: customEncode ?? ((p) => keyRing.encode(p.token ?? {}, p.salt, p.maxAge ?? maxAge)),
    decode: customDecode ?? ((p) => (p.token ? keyRing.decode(p.token, p.salt) : null)),
  }

  const adapter = wrapAdapter(config.adapter, logger)
  // assertConfig has checked the session methods for "database"; with a configuration error
  // the strategy is never used, and jwt is a harmless stand-in.
  const adapters = adapterViews(adapter)
  const sessionStrategy = strategy === "database" && adapters.session ? databaseStrategy(adapters.session) : jwtStrategy
  const revocationDelay = config.session?.revocationDelay ?? DEFAULT_REVOCATION_DELAY_SECONDS
  const validSinceCache = config.session?.revocationCache ?? processValidSinceCache()
  const revocationChannel = config.session?.revocationChannel
  const revocationStore = config.session?.revocationStore
  const revocation = hasMethods(adapter, revocationMethods)
    ? sessionRevocation(adapter, validSinceCache, revocationDelay, {
        // Organizations: the memberships version is read in the same statement.
        memberships: config.organizations?.enabled === true,
        channel: revocationChannel,
        watch: revocationStore ? changeWatchFor(revocationStore, validSinceCache, logger) : undefined,
        onChanged: (userId) => standingCacheFor(validSinceCache).forget(userId),
      })
    : undefined
  if (!error && revocation && revocationChannel) {
    listenForRevocations(revocationChannel, { validSince: validSinceCache, standing: standingCacheFor(validSinceCache) }, logger)
  }

  return {
    basePath: normaliseBasePath(config.basePath ?? "/auth"),
    secrets,
    keyRing,
    providers: usableProviders,
    providerById: new Map(usableProviders.map((p) => [p.id, p])),
    providerProblems: unavailable,
    adapter,
    adapters,
    session: {
      strategy: strategy as SessionOptions["strategy"],
      maxAge,
      updateAge: config.session?.updateAge ?? DEFAULT_UPDATE_AGE,
      generateSessionToken: config.session?.generateSessionToken ?? defaultSessionToken,
      revocationDelay,
      absoluteMaxAge: config.session?.absoluteMaxAge ?? DEFAULT_ABSOLUTE_MAX_AGE,
    },
    reauthenticateAfter: config.reauthenticateAfter ?? DEFAULT_REAUTHENTICATE_AFTER,
    sessionStrategy,
    revocation,
    jwt,
    builtinJwt: !customEncode && !customDecode,
    callbacks: { ...defaultCallbacks, ...config.callbacks },
    events: config.events ?? {},
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", ...config.theme },
    logger,
    cookies: {
      secure: mergeCookieOptions(defaultCookies(true), config.cookies),
      insecure: mergeCookieOptions(defaultCookies(false), config.cookies),
    },
    useSecureCookies: config.useSecureCookies,
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFSymbol,
    raw: config.raw === rawSymbol,
    experimental: { enableWebAuthn: config.experimental?.enableWebAuthn === true },
    rateLimiter: new RateLimiter(config.rateLimit, logger),
    redirectProxyUrl: config.redirectProxyUrl,
    mailOrigin: mailLinkOrigin(env),
    twoFactor: resolveTwoFactor(config.twoFactor, adapter, error ? [] : secrets),
    securityLog: {
      store: hasMethods(config.adapter, securityLogMethods) ? config.adapter : undefined,
      reader: hasMethods(adapter, securityLogMethods) ? adapter : undefined,
      retentionDays: config.securityLog?.retentionDays ?? DEFAULT_SECURITY_LOG_RETENTION_DAYS,
    },
    access: {
      control: config.access?.control ?? defaultAccessControl,
      adminEmails: parseAdminEmails((config.access?.adminEmails ?? []).join(",")),
      impersonationMaxAge: impersonationMaxAge(config.access?.impersonationMaxAge),
      adapter: hasMethods(adapter, accessMethods) ? adapter : undefined,
      standing: standingCacheFor(validSinceCache),
    },
    organizations: resolveOrganizations(config.organizations, adapter),
    sso: resolveSso(config.sso, config.organizations?.enabled === true, adapter, env),
    error,
  }
}

/**
 * Resolves a configuration object once and remembers the result for that
 * object: environment inference, defaults, validation, cookie options and key
 * derivation are not repeated per request. The cache belongs to the caller
 * (each `createConfigResolver()` has its own), so there is no module state.
 */
export function createConfigResolver(options: ResolveOptions = {}) {
  const cache = new WeakMap<AuthConfig, ResolvedConfig>()
  return (config: AuthConfig): ResolvedConfig => {
    let resolved = cache.get(config)
    if (!resolved) {
      resolved = resolve(config, options)
      cache.set(config, resolved)
    }
    return resolved
  }
}
