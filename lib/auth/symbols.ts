/** Pass as `config.raw` to get the internal result instead of a `Response` (used by the Next.js layer). */
export const raw: unique symbol = Symbol.for("auth.raw")
/** Pass as `config.skipCSRFCheck` to disable the CSRF check (server-side calls that already are same-origin). */
export const skipCSRFCheck: unique symbol = Symbol.for("auth.skip-csrf-check")
/** Key under which a provider may carry its own `fetch` for its OAuth endpoints. */
export const customFetch: unique symbol = Symbol.for("auth.custom-fetch")
