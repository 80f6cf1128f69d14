/**
 * What an instance does with the revocation channel's messages: a user named
 * on it is forgotten by this process's caches (the instant and memberships
 * version, and the stored standing), so its next request reads the database.
 * While the channel is lost the caches simply keep their normal lifetime, the
 * revocation delay: the instance is as it would be without a channel, never
 * "signed out" and never trusting an entry for longer. When it comes back,
 * every entry is forgotten, because a message sent meanwhile was not heard.
 */
import type { LoggerInstance } from "../logger"
import type { RevocationChannel } from "./revocation-channel"
import { ChangeWatch, type RevocationStore } from "./revocation-store"
import type { StandingCache } from "./standing-cache"
import type { ValidSinceCache } from "./valid-since-cache"

// Kept on the cache, not in a module-level set: Next.js bundles this module once per server bundle,
// and one subscription per cache is enough for all of them.
const listenedKey = Symbol.for("auth.session.revocation-channels")
type Listened = ValidSinceCache & { [listenedKey]?: WeakSet<RevocationChannel> }

/** Subscribes the caches to the channel, once per cache and channel however often a configuration is resolved. */
export function listenForRevocations(
  channel: RevocationChannel,
  caches: { validSince: ValidSinceCache; standing: StandingCache },
  logger: Pick<LoggerInstance, "warn">,
): void {
  const holder = caches.validSince as Listened
  holder[listenedKey] ??= new WeakSet()
  if (holder[listenedKey].has(channel)) return
  holder[listenedKey].add(channel)
  channel.subscribe(
    (userId) => {
      caches.validSince.forget(userId)
      caches.standing.forget(userId)
    },
    (change) => {
      if (change === "restored") {
        caches.validSince.clear()
        caches.standing.clear()
      }
      logger.warn(change === "lost" ? "revocation-channel-lost" : "revocation-channel-restored")
    },
  )
}

const watchKey = Symbol.for("auth.session.revocation-store-watches")
type Watched = ValidSinceCache & { [watchKey]?: WeakMap<RevocationStore, ChangeWatch> }

/**
 * The instance's watch on a revocation store, one per cache and store (so every bundle shares what
 * it has seen), reporting a lost or restored store once each.
 */
export function changeWatchFor(store: RevocationStore, validSince: ValidSinceCache, logger: Pick<LoggerInstance, "warn">): ChangeWatch {
  const holder = validSince as Watched
  holder[watchKey] ??= new WeakMap()
  let watch = holder[watchKey].get(store)
  if (!watch) {
    watch = new ChangeWatch(store, { onConnection: (change) => logger.warn(change === "lost" ? "revocation-store-lost" : "revocation-store-restored") })
    holder[watchKey].set(store, watch)
  }
  return watch
}
