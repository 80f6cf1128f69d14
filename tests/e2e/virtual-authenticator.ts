/**
 * Chromium's virtual WebAuthn authenticator (DevTools protocol: ctap2,
 * internal transport, resident keys, user verification) and the built-in
 * sign-in page's passkey form, for the specs that sign in with passkeys.
 */
import type { CDPSession, Page } from "@playwright/test"

export interface VirtualAuthenticator {
  client: CDPSession
  authenticatorId: string
}

export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const client = await page.context().newCDPSession(page)
  await client.send("WebAuthn.enable")
  const { authenticatorId } = await client.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { client, authenticatorId }
}

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request at once, so a page
 * that starts one signs in before any button is pressed. Button tests play a browser without
 * autofill support for passkeys, where the page does not start one.
 */
export async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (typeof PublicKeyCredential !== "undefined") {
      Object.defineProperty(PublicKeyCredential, "isConditionalMediationAvailable", { value: async () => false })
    }
  })
}

export async function credentialCount({ client, authenticatorId }: VirtualAuthenticator): Promise<number> {
  const { credentials } = await client.send("WebAuthn.getCredentials", { authenticatorId })
  return credentials.length
}

/** The built-in sign-in page's passkey form. */
export function passkeyForm(page: Page) {
  return page.locator("form[data-webauthn-provider=passkey]")
}
