// A second process running the library, for the revocation channel's cross-process test:
//   tsx tests/helpers/revoking-instance.ts <redis|postgres> <database url> <channel name> [redis url]
// It prints "ready" once its channel listens, then for each line "revoke <userId>" or
// "ban <userId>" on stdin ends that user's sessions (a ban also bans) and prints "done".
import { createInterface } from "node:readline"
import { resolveAuthConfig, revokeUserSessions } from "@/lib/auth"
import { banUserNow } from "@/lib/auth/admin/standing"
import { createPrismaClient } from "@/lib/db/client"
import { instanceConfig, openChannel, type ChannelKind } from "./revocation-instances"

const [kind, databaseUrl, name, redisUrl] = process.argv.slice(2)
if ((kind !== "redis" && kind !== "postgres") || !databaseUrl || !name) throw new Error("usage: revoking-instance.ts <redis|postgres> <database url> <channel> [redis url]")

const prisma = createPrismaClient(databaseUrl)
const channel = openChannel(kind as ChannelKind, name, { databaseUrl, redisUrl })
const config = instanceConfig({ prisma, userId: "", revocationDelay: 60, channel })
const resolved = resolveAuthConfig(config)
await channel.ready()
process.stdout.write("ready\n")

for await (const line of createInterface({ input: process.stdin })) {
  const [command, userId] = line.trim().split(" ")
  if (!userId) continue
  if (command === "ban") await banUserNow(resolved, userId, { reason: "test", until: null })
  else await revokeUserSessions(config, userId)
  process.stdout.write("done\n")
}
await channel.close()
await prisma.$disconnect()
