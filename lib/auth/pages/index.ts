/**
 * Built-in HTML pages: sign-in, sign-out, error and verify-request.
 * Each renderer is a pure function from typed parameters to status + HTML; the
 * request pipeline adds headers. The only script is the sign-in page's passkey
 * script, inlined and allowed by its hash; nothing is loaded from other hosts
 * unless a configured logo says so.
 */

export type { PageTheme, RenderedPage } from "./layout"
export type { PageProvider, PageCredentialInput, PageFormField, SignInPageParams } from "./signin"
export type { PageLink } from "./links"
export type { SignOutPageParams } from "./signout"
export type { ErrorPageParams } from "./error"
export type { VerifyRequestPageParams } from "./verify-request"

export { renderSignInPage, signInErrorMessage } from "./signin"
export { renderSignOutPage } from "./signout"
export { renderErrorPage, errorPageStatus } from "./error"
export { renderVerifyRequestPage } from "./verify-request"
export { renderImpersonationReauthenticatePage, renderReauthenticatePage, reauthenticateErrorMessage } from "./reauthenticate"
export type { ReauthenticateErrorCode, ReauthenticatePageParams } from "./reauthenticate"
export { cssColor } from "./styles"
export { escapeHtml } from "./escape"
