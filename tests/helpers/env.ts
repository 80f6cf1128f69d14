// Changes environment variables for a test and puts them back exactly as they were
// (an unset variable is unset again, not set to "undefined").

type EnvValues = Record<string, string | undefined>

function apply(values: EnvValues): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
}

function snapshot(keys: Iterable<string>): EnvValues {
  const saved: EnvValues = {}
  for (const key of keys) saved[key] = process.env[key]
  return saved
}

/**
 * For beforeEach/afterEach: `set` changes some of `keys`, `restore` puts all of
 * them back as they were when envFor was called.
 */
export function envFor(keys: readonly string[]) {
  const saved = snapshot(keys)
  return {
    set(values: EnvValues): void {
      apply(values)
    },
    restore(): void {
      apply(saved)
    },
  }
}

/** Swaps environment variables for the duration of `run`, then restores them exactly. */
export async function withEnv<T>(vars: EnvValues, run: () => Promise<T>): Promise<T> {
  const saved = snapshot(Object.keys(vars))
  apply(vars)
  try {
    return await run()
  } finally {
    apply(saved)
  }
}
