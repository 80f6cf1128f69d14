/**
 * Discord (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/discord
 * Variables: AUTH_DISCORD_ID, AUTH_DISCORD_SECRET
 *
 * The avatar URL is built from the avatar hash (or the default avatar).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://discord.com/developers/docs/resources/user#user-object */
export interface DiscordProfile {
  id: string
  username: string
  discriminator: string
  global_name: string | null
  avatar: string | null
  bot?: boolean
  mfa_enabled?: boolean
  banner?: string | null
  accent_color?: number | null
  locale?: string
  verified?: boolean
  email?: string | null
  flags?: number
  premium_type?: number
  public_flags?: number
  [claim: string]: unknown
}

export function discordAvatarUrl(profile: DiscordProfile): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png"
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`
  }
  // Default avatars: new usernames (discriminator "0") index by id, legacy ones by discriminator.
  // BigInt(…) rather than literals: apps made by create-next-app type-check this file at ES2017,
  // where TypeScript refuses BigInt literals.
  const index = profile.discriminator === "0" ? Number((BigInt(profile.id) >> BigInt(22)) % BigInt(6)) : Number(profile.discriminator) % 5
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`
}

export default function Discord(options: OAuthUserConfig<DiscordProfile> = {}): OAuthConfig<DiscordProfile> {
  return mergeOptions<OAuthConfig<DiscordProfile>>(
    {
      id: "discord",
      name: "Discord",
      type: "oauth",
      authorization: { url: "https://discord.com/api/oauth2/authorize", params: { scope: "identify email" } },
      token: "https://discord.com/api/oauth2/token",
      userinfo: "https://discord.com/api/users/@me",
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: profile.global_name ?? profile.username,
          email: profile.verified === false ? null : (profile.email ?? null),
          image: discordAvatarUrl(profile),
        }
      },
      style: { brandColor: "#5865f2", bg: "#5865f2", text: "#ffffff" },
    },
    options,
  )
}
