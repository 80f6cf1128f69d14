/**
 * TRUST_PROXY → Express's `trust proxy` setting. Unset means no proxy: the
 * client's own X-Forwarded-* headers are ignored. A proxy is declared by hop
 * count ("1") or, safer when the app can also be reached directly, by the
 * proxy's addresses ("loopback", "10.0.0.5", "10.0.0.0/8, fc00::/7").
 */

export class TrustProxyError extends Error {
  override readonly name = "TrustProxyError"
}

export function trustProxyFromEnv(value: string | undefined): false | number | string {
  const setting = value?.trim() ?? ""
  if (setting === "" || /^(false|0|no|off)$/i.test(setting)) return false
  if (/^[1-9][0-9]?$/.test(setting)) return Number(setting)
  // Express reads `true` as "every hop is a proxy": any client could then pick its own
  // address and origin. Refused rather than passed on.
  if (/^(true|yes|on)$/i.test(setting)) {
    throw new TrustProxyError(
      `TRUST_PROXY=${setting} would trust X-Forwarded-* from every client. Give the number of proxies in front of the app (TRUST_PROXY=1) or their addresses (TRUST_PROXY=loopback, TRUST_PROXY=10.0.0.5).`,
    )
  }
  return setting
}
