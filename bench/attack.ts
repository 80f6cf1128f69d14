/**
 * npm run bench:attack -- <base URL> <email> <password>
 *
 * Replays two attacks against a running server (`next start`) and prints what
 * they achieved, for comparing builds side by side:
 *   1. burst: 100 parallel wrong passwords for <email> (each from its own
 *      loopback address, as fetch callers); prints how many were checked
 *      (answered other than 429).
 *   2. flood: 32 workers sign in with unique unknown emails (one scrypt each)
 *      from ONE client address with a rotating X-Forwarded-For, for 10 s,
 *      while the real user (<email>, <password>) signs in every 500 ms from
 *      another address; prints the flood's checked attempts per second and
 *      the real user's sign-in latencies.
 * Run it only against your own local server: requests come from 127.0.0.0/8.
 */
import { csrf, signInPost } from "../tests/helpers/loopback-http"

const [base, email, password] = process.argv.slice(2)
if (!base || !email || !password) {
  console.error("usage: npm run bench:attack -- <base URL> <email> <password>")
  process.exit(1)
}

async function signIn(from: string, fields: { email: string; password: string }, headers: Record<string, string> = {}) {
  return signInPost(base, await csrf(base, from), fields, from, headers)
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]

// 1. burst
const burstEmail = `burst-${Date.now()}@bench.example`
const burst = await Promise.all(
  Array.from({ length: 100 }, (_, i) => signIn(`127.0.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`, { email: burstEmail, password: `guess-${i}` })),
)
console.log(`burst: ${burst.filter((a) => a.status !== 429).length} of 100 parallel guesses checked`)

// 2. flood
const deadline = Date.now() + 10_000
let checked = 0
let refused = 0
let n = 0
const worker = async () => {
  while (Date.now() < deadline) {
    const i = n++
    const answer = await signIn("127.0.200.1", { email: `flood-${i}-${Date.now()}@bench.example`, password: "x" }, {
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }).catch(() => ({ status: 0 }))
    if (answer.status === 429 || answer.status === 0) refused++
    else checked++
  }
}
const latencies: number[] = []
let userFailures = 0
const user = async () => {
  while (Date.now() < deadline) {
    const started = performance.now()
    const answer = await signIn("127.0.201.1", { email, password })
    latencies.push(performance.now() - started)
    if (answer.status !== 200 || answer.headers["x-auth-error"]) userFailures++
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
await Promise.all([...Array.from({ length: 32 }, worker), user()])
console.log(`flood: ${(checked / 10).toFixed(1)} checked sign-ins/s, ${(refused / 10).toFixed(1)} refused/s (32 workers, one client)`)
console.log(
  `real user during the flood: ${latencies.length} sign-ins, p50 ${percentile(latencies, 0.5).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms, ${userFailures} not signed in`,
)
