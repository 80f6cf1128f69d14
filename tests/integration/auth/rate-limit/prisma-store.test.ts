import { afterAll, beforeAll, describe } from "vitest"
import { PrismaRateLimitStore } from "@/lib/auth/rate-limit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { rateLimitStoreContract } from "@/tests/helpers/rate-limit-store-contract"

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`Prisma rate-limit store on ${provider}`, () => {
    let db: TestDatabase
    let store: PrismaRateLimitStore
    beforeAll(async () => {
      db = await createTestDatabase(provider)
      store = new PrismaRateLimitStore(db.prisma, { cleanupEvery: 7 })
    })
    afterAll(() => db?.cleanup())
    rateLimitStoreContract(() => store)
  })
}
