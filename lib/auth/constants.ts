/**
 * Values the library states once and several modules repeat to the user (log
 * lines, configuration errors); no logic.
 */

/**
 * The one command every message (and the README) gives for a new secret: 32
 * random bytes. Node is there wherever the app runs; openssl may not be.
 */
export const GENERATE_SECRET_COMMAND = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`

/** Marks development secrets; refused when NODE_ENV is production. */
export const DEV_SECRET_PREFIX = "dev-only-"
