/**
 * The revocation channel and store over Redis (ioredis) and PostgreSQL (pg):
 * an entry point of its own, not part of `@/lib/auth`, because it names those
 * drivers. An app that never shares revocations across instances neither
 * installs nor compiles them, and a copy of the library (migrate:next-auth)
 * leaves this folder out.
 */
export { RedisRevocationChannel, type RedisRevocationChannelOptions } from "./redis-channel"
export { PostgresRevocationChannel, type PostgresRevocationChannelOptions } from "./postgres-channel"
export { RedisRevocationStore, type RedisRevocationStoreOptions } from "./redis-store"
