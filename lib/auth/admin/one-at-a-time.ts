/**
 * Runs the standing changes of one user one after another in this process.
 * Two admins banning and unbanning the same user at once would otherwise
 * interleave each one's write and log entry, leaving a log whose last word
 * is not what the row says; and a burst of unbans of one ban would each
 * read "banned" before any wrote. Changes of different users still run in
 * parallel. Other processes are not covered: see docs/decisions/roles-admin-impersonation.md.
 */
const queues = new Map<string, Promise<unknown>>()

export async function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve()
  const turn = before.then(run, run)
  // The next change waits for this one whether it succeeds or throws.
  const settled = turn.catch(() => undefined)
  queues.set(key, settled)
  try {
    return await turn
  } finally {
    if (queues.get(key) === settled) queues.delete(key)
  }
}
