/** Rate limiting: rules, the limiter, and the stores (memory by default; Prisma and Redis to share across instances). */
export { RateLimiter, type RateLimitHit, type RateLimitOptions, type RateLimitSequenceVerdict, type RateLimitVerdict } from "./limiter"
export { defaultRateLimitRules, type BuiltInRateLimitAction, type RateLimitRule, type RateLimitRules } from "./rules"
export type { RateLimitStore, RateLimitWindow } from "./store"
export { MemoryRateLimitStore, processMemoryStore, type MemoryStoreOptions } from "./memory-store"
export { PrismaRateLimitStore, type PrismaRawClient, type PrismaStoreOptions } from "./prisma-store"
export { clientAddress, requestAddress, type ClientAddressOptions } from "./client-address"
export { canonicalIpAddress, clientKey, DEFAULT_IPV6_PREFIX, parseIpAddress, type IpAddress } from "./ip-address"
export { RedisRateLimitStore, type RedisStoreOptions } from "./redis-store"
