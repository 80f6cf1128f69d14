"use server"

/**
 * An organization's single sign-on settings: connections, their domains,
 * "Require SSO", and the test sign-in. Each runs in runOrganizationAction
 * (the organization from the page's slug resolved against the caller's own
 * memberships, organization:update required), and the library checks both
 * again. A success is a flash toast after a redirect back to the page, so the
 * page shows the state as it now is, with or without JavaScript (without, the
 * page says the toast's sentence itself); a refusal is a sentence in the form
 * that was sent, with what was typed kept.
 */
import { redirect, unstable_rethrow } from "next/navigation"
import { signIn } from "@/auth"
import type { SsoConnectionInput } from "@/lib/auth"
import { clearFlash, flash } from "@/server/flash"
import { refused, runOrganizationAction, textField, type OrganizationActionState } from "@/server/organizations/organization-action"
import { fetchSamlMetadata, parseSamlMetadata, SamlMetadataError, type SamlMetadataValues } from "@/server/organizations/saml-metadata"
import { sso } from "@/server/organizations/sso"
import { ssoRefusalMessage } from "@/server/organizations/sso-messages"

export interface SsoFormState extends OrganizationActionState {
  /** The fields as typed, given back after a refusal (never a secret). */
  values?: Record<string, string>
  /** A test sign-in's next stop: the identity provider (or the sign-in page with a refusal). */
  continueUrl?: string
}

const settingsPath = (slug: string) => `/o/${slug}/settings/sso`

/** A refusal the library or the metadata reader gave, as the form's sentence; anything else is thrown on. */
function refusalFrom(error: unknown, values?: Record<string, string>): SsoFormState {
  const message = error instanceof SamlMetadataError ? error.message : ssoRefusalMessage(error)
  if (message === null) throw error
  return { ...refused(message), values }
}

/** Runs `change`; on success flashes `done` and goes back to the settings page, at `anchor`. */
async function settingsChange(
  input: FormData,
  change: (organizationId: string, userId: string, form: FormData) => Promise<{ done: string; anchor?: string } | SsoFormState>,
): Promise<SsoFormState> {
  let back: { slug: string; done: string; anchor?: string } | undefined
  const outcome = await runOrganizationAction(input, { organization: ["update"] }, async ({ membership, form }) => {
    const result = await change(membership.organization.id, membership.member.userId, form)
    if ("done" in result) {
      back = { slug: membership.organization.slug, done: result.done, anchor: result.anchor }
      return { ok: true }
    }
    return result
  })
  if (outcome.ok && back) {
    await flash(back.done)
    redirect(`${settingsPath(back.slug)}${back.anchor ? `#${back.anchor}` : ""}`)
  }
  // Without a script the page shows the flash cookie's message (components/flash-without-script.tsx).
  await clearFlash()
  return outcome
}

const CONNECTION_FIELDS = ["name", "kind", "domains", "metadataUrl", "metadataXml", "entityId", "ssoUrl", "certificate", "issuer", "clientId"] as const

/** Domains as typed: separated by commas, spaces or new lines. */
function domainList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).map((d) => d.trim()).filter((d) => d !== ""))]
}

async function samlValues(form: FormData): Promise<SamlMetadataValues> {
  const xml = textField(form, "metadataXml", 512 * 1024).trim()
  if (xml !== "") return parseSamlMetadata(xml)
  const url = textField(form, "metadataUrl", 2000).trim()
  if (url !== "") return fetchSamlMetadata(url)
  return { entityId: textField(form, "entityId", 1000), ssoUrl: textField(form, "ssoUrl", 2000), certificate: textField(form, "certificate", 64 * 1024) }
}

export async function addConnectionAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    const values = Object.fromEntries(CONNECTION_FIELDS.map((name) => [name, textField(form, name, name === "metadataXml" || name === "certificate" ? 64 * 1024 : 2000)]))
    const kind = values.kind === "oidc" ? "oidc" : values.kind === "saml" ? "saml" : null
    if (!kind) return { ...refused("Choose SAML or OpenID Connect."), values }
    const domains = domainList(values.domains)
    if (domains.length === 0) return { ...refused("Enter at least one email domain, such as example.com."), values }
    let connectionInput: SsoConnectionInput
    try {
      if (kind === "saml") {
        const saml = await samlValues(form)
        connectionInput = { kind, name: values.name, samlEntityId: saml.entityId, samlSsoUrl: saml.ssoUrl, samlCertificate: saml.certificate }
      } else {
        connectionInput = { kind, name: values.name, oidcIssuer: values.issuer, oidcClientId: values.clientId, oidcClientSecret: textField(form, "clientSecret", 2000) }
      }
    } catch (error) {
      return refusalFrom(error, values)
    }
    const actor = { userId }
    let connectionId: string
    try {
      connectionId = (await sso.addConnection(actor, organizationId, connectionInput)).id
    } catch (error) {
      return refusalFrom(error, values)
    }
    try {
      for (const domain of domains) await sso.addDomain(actor, organizationId, connectionId, domain)
    } catch (error) {
      // All or nothing: a connection without the domains the form named would look done and route nobody.
      await sso.removeConnection(actor, organizationId, connectionId).catch(() => undefined)
      return refusalFrom(error, values)
    }
    return { done: "Connection added. Enter its values at your identity provider, then verify each domain.", anchor: `connection-${connectionId}` }
  })
}

export async function addDomainAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    const connectionId = textField(form, "connection", 200)
    const domain = textField(form, "domain", 300)
    try {
      const added = await sso.addDomain({ userId }, organizationId, connectionId, domain)
      return { done: `Domain ${added.domain} added. Publish its TXT record, then verify it.`, anchor: `domain-${added.id}` }
    } catch (error) {
      return refusalFrom(error, { domain })
    }
  })
}

export async function verifyDomainAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    try {
      const domain = await sso.verifyDomain({ userId }, organizationId, textField(form, "domain", 200))
      return { done: `Domain ${domain.domain} verified: its addresses now sign in through the connection.`, anchor: `domain-${domain.id}` }
    } catch (error) {
      return refusalFrom(error)
    }
  })
}

export async function removeDomainAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    try {
      await sso.removeDomain({ userId }, organizationId, textField(form, "domain", 200))
      return { done: "Domain removed." }
    } catch (error) {
      return refusalFrom(error)
    }
  })
}

export async function setRequiredAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    const required = textField(form, "required", 10) === "on"
    try {
      await sso.setRequired({ userId }, organizationId, required)
      return {
        done: required
          ? "Single sign-on is now required for addresses on your verified domains."
          : "Single sign-on is no longer required: members may use their other ways in again.",
        anchor: "require-sso",
      }
    } catch (error) {
      return refusalFrom(error)
    }
  })
}

/** "value = role" lines, as the settings form shows a mapping; a line without "=" is refused by name. */
function mappingLines(text: string): Record<string, string> | string {
  const roles: Record<string, string> = {}
  for (const line of text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== "")) {
    const at = line.lastIndexOf("=")
    const from = at > 0 ? line.slice(0, at).trim() : ""
    const to = at > 0 ? line.slice(at + 1).trim() : ""
    if (from === "" || to === "") return `Write each mapping as "group = role": "${line.slice(0, 60)}" is not.`
    roles[from] = to
  }
  return roles
}

/**
 * A connection's sign-in settings: the role a first sign-in gives, roles from the identity
 * provider's groups, and whether sign-ins the identity provider starts are accepted.
 */
export async function updateConnectionSettingsAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    const connectionId = textField(form, "connection", 200)
    const values = {
      defaultRole: textField(form, "defaultRole", 100),
      mappingAttribute: textField(form, "mappingAttribute", 200).trim(),
      mappingRoles: textField(form, "mappingRoles", 16 * 1024),
    }
    const roles = mappingLines(values.mappingRoles)
    if (typeof roles === "string") return { ...refused(roles), values }
    const hasRoles = Object.keys(roles).length > 0
    if (hasRoles && values.mappingAttribute === "") return { ...refused("Name the attribute or claim that holds the groups."), values }
    try {
      await sso.updateConnection({ userId }, organizationId, connectionId, {
        defaultRole: values.defaultRole,
        roleMapping: hasRoles ? { attribute: values.mappingAttribute, roles } : null,
        idpInitiated: textField(form, "idpInitiated", 10) === "on",
      })
      return { done: "Sign-in settings saved. They apply from each member's next sign-in.", anchor: `connection-${connectionId}` }
    } catch (error) {
      return refusalFrom(error, values)
    }
  })
}

export async function removeConnectionAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  return settingsChange(input, async (organizationId, userId, form) => {
    try {
      await sso.removeConnection({ userId }, organizationId, textField(form, "connection", 200))
      return { done: "Connection removed. Its domains no longer sign anyone in." }
    } catch (error) {
      return refusalFrom(error)
    }
  })
}

/**
 * A dry sign-in: the library sends this browser to the identity provider and
 * shows what its answer held instead of signing anyone in. The library
 * checks again that the caller may manage the organization's SSO.
 *
 * The identity provider's URL comes back to the form rather than as a
 * redirect: the app's pages allow forms to post to this origin only
 * (form-action 'self'), which a browser also applies to where the post is
 * redirected, so without JavaScript a redirect to the IdP would be blocked;
 * a link (or the script's navigation) is not a form submission.
 */
export async function testConnectionAction(_previous: SsoFormState, input: FormData): Promise<SsoFormState> {
  let start: { organizationId: string; connection: string; slug: string } | undefined
  const outcome = await runOrganizationAction(input, { organization: ["update"] }, async ({ membership, form }) => {
    start = { organizationId: membership.organization.id, connection: textField(form, "connection", 200), slug: membership.organization.slug }
    return { ok: true }
  })
  if (!outcome.ok || !start) return outcome
  try {
    const continueUrl = await signIn("sso", { organization: start.organizationId, connection: start.connection, test: "1", redirectTo: settingsPath(start.slug), redirect: false })
    return { ok: true, continueUrl }
  } catch (error) {
    unstable_rethrow(error)
    return refusalFrom(error)
  }
}
