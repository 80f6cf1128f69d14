/**
 * Battle.net (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/battlenet
 * Variables: AUTH_BATTLENET_ID, AUTH_BATTLENET_SECRET, AUTH_BATTLENET_ISSUER
 *
 * The issuer names the region: https://oauth.battle.net,
 * https://oauth.battlenet.com.cn, https://www.battlenet.com.cn/oauth or
 * https://{us,eu,kr,tw}.battle.net/oauth. Battle.net shares no address; the
 * name is the BattleTag.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"

/** https://develop.battle.net/documentation/guides/using-oauth (the /userinfo answer) */
export interface BattleNetProfile extends Profile {
  sub: string
  battle_tag: string
}

export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`

export interface BattleNetOptions extends Omit<OAuthUserConfig<BattleNetProfile>, "issuer"> {
  issuer?: BattleNetIssuer
}

export default function BattleNet(options: BattleNetOptions = {}): OAuthConfig<BattleNetProfile> {
  return OIDC<BattleNetProfile>(
    mergeOptions<OAuthUserConfig<BattleNetProfile>>(
      {
        id: "battlenet",
        name: "Battle.net",
        profile(profile) {
          return { id: accountId(profile.sub), name: profile.battle_tag ?? null, email: null, image: null }
        },
        style: { brandColor: "#148eff", bg: "#148eff", text: "#ffffff" },
      },
      options,
    ),
  )
}
