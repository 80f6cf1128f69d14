/**
 * The address of a self-hosted provider (a Mastodon, Mattermost or
 * Nextcloud server…), which its endpoints are built from when the factory
 * runs. Without it there is nothing to build them from, so the factory
 * refuses at start-up, naming the option and the variable, instead of
 * sending users to "undefined/oauth/authorize".
 */
export function instanceUrl(provider: string, issuer: string | undefined, variable: string): string {
  if (!issuer) throw new TypeError(`${provider}: pass \`issuer\`, the server's address (the starter reads it from ${variable})`)
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    throw new TypeError(`${provider}: \`issuer\` is not a URL: ${JSON.stringify(issuer)}`)
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`${provider}: \`issuer\` must be an http(s) URL`)
  return url.href.replace(/\/+$/, "")
}
