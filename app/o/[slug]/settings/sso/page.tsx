import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { ssoEnabled } from "@/auth"
import { FlashWithoutScript } from "@/components/flash-without-script"
import { Badge, Card } from "@/components/ui"
import type { SsoConnectionView, SsoDomainView } from "@/lib/auth"
import { organizationPage } from "@/server/organizations/organization-page"
import { assignableRoles, roleLabel } from "@/server/organizations/role-labels"
import { serviceProviderValues, sso } from "@/server/organizations/sso"
import {
  addConnectionAction,
  addDomainAction,
  removeConnectionAction,
  removeDomainAction,
  setRequiredAction,
  testConnectionAction,
  updateConnectionSettingsAction,
  verifyDomainAction,
} from "./actions"
import { AddConnectionForm, AddDomainForm, ConnectionSettingsForm, CopyValue, SsoButtonForm } from "./sso-forms"

export const metadata: Metadata = { title: "Single sign-on" }

/**
 * An organization's single sign-on: its identity provider connections, the
 * email domains they sign in (each proven by a DNS TXT record), and "Require
 * SSO". Owners and admins (organization:update) manage it; for any other
 * member the page does not exist (404), as the activity log, and the
 * settings navigation does not offer it.
 */
export default async function SingleSignOnSettingsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug)
  if (!page.can({ organization: ["update"] })) notFound()
  if (!ssoEnabled) {
    return (
      <Card as="section" id="sso" title="Single sign-on" headingLevel={2} data-testid="sso-off">
        <p className="text-sm text-muted">Single sign-on is not available on this site: its database adapter cannot store connections (AUTH_ADAPTER=drizzle).</p>
      </Card>
    )
  }
  const { connections, domains, requireSso } = await sso.list({ userId: page.member.userId }, page.organization.id)
  const verified = domains.filter((d) => d.state === "verified")
  return (
    <>
      <FlashWithoutScript />
      <Card
        as="section"
        id="require-sso"
        title="Require single sign-on"
        headingLevel={2}
        description="When required, members whose address is on a verified domain sign in only through the organization's identity provider: their password, email links, passkeys and social accounts are refused."
      >
        <div className="space-y-3">
          <p className="text-sm">
            Require SSO is{" "}
            <Badge tone={requireSso ? "success" : "neutral"} testId="sso-required-state">
              {requireSso ? "On" : "Off"}
            </Badge>
          </p>
          {verified.length === 0 && !requireSso ? <p className="text-sm text-muted">Verify a domain first: until then there is nothing to require.</p> : null}
          <SsoButtonForm
            action={setRequiredAction}
            slug={slug}
            fields={{ required: requireSso ? "off" : "on" }}
            label={requireSso ? "Turn off Require SSO" : "Turn on Require SSO"}
            pendingLabel="Saving…"
            kind={requireSso ? "secondary" : "primary"}
            testId="sso-require"
          />
          <p className="text-sm text-muted">
            Break-glass: the organization&apos;s owners keep their other ways in even when SSO is required, so a broken identity provider cannot lock you out of these
            settings. Each such sign-in is written to the organization&apos;s activity.
          </p>
        </div>
      </Card>
      {connections.map((connection) => (
        <ConnectionCard key={connection.id} slug={slug} connection={connection} domains={domains.filter((d) => d.connectionId === connection.id)} />
      ))}
      <Card
        as="section"
        id="add-sso-connection"
        title="Add connection"
        headingLevel={2}
        description="Connect your identity provider (Okta, Microsoft Entra ID, Google Workspace, …) by SAML 2.0 or OpenID Connect. Members on its domains then use “Sign in with SSO”."
      >
        <AddConnectionForm action={addConnectionAction} slug={slug} />
      </Card>
    </>
  )
}

function ConnectionCard({ slug, connection, domains }: { slug: string; connection: SsoConnectionView; domains: SsoDomainView[] }) {
  const sp = serviceProviderValues(connection.id)
  const saml = connection.kind === "saml"
  return (
    <Card
      as="section"
      id={`connection-${connection.id}`}
      data-testid="sso-connection"
      title={
        <span className="flex flex-wrap items-center gap-2">
          {connection.name} <Badge tone="accent">{saml ? "SAML" : "OpenID Connect"}</Badge>
        </span>
      }
      headingLevel={2}
    >
      <div className="space-y-6">
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">Enter these at your identity provider</h3>
          {saml ? (
            <>
              <CopyValue label="Entity ID (audience)" value={sp.entityId} testId="sso-sp-entity-id" />
              <CopyValue label="ACS URL (reply URL)" value={sp.acsUrl} testId="sso-sp-acs-url" />
              <CopyValue label="Metadata URL" value={sp.metadataUrl} testId="sso-sp-metadata-url" />
              <p className="text-sm text-muted">The identity provider must send the user&apos;s email address (the NameID in email format, or an “email” attribute) and sign its answers.</p>
            </>
          ) : (
            <CopyValue label="Redirect URI" value={sp.redirectUri} testId="sso-sp-redirect-uri" />
          )}
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Identity provider</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
            {saml ? (
              <>
                <dt className="text-muted">Entity ID</dt>
                <dd className="break-all">{connection.samlEntityId}</dd>
                <dt className="text-muted">Sign-in URL</dt>
                <dd className="break-all">{connection.samlSsoUrl}</dd>
              </>
            ) : (
              <>
                <dt className="text-muted">Issuer</dt>
                <dd className="break-all">{connection.oidcIssuer}</dd>
                <dt className="text-muted">Client ID</dt>
                <dd className="break-all">{connection.oidcClientId}</dd>
                <dt className="text-muted">Client secret</dt>
                <dd>{connection.hasClientSecret ? "Stored" : "None"}</dd>
              </>
            )}
            <dt className="text-muted">New members join as</dt>
            <dd>{roleLabel([connection.defaultRole])}</dd>
          </dl>
        </div>
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">Domains</h3>
          {domains.length === 0 ? <p className="text-sm text-muted">No domain yet: add the domain of your members&apos; addresses.</p> : null}
          <ul className="space-y-4">
            {domains.map((domain) => (
              <li key={domain.id} id={`domain-${domain.id}`} data-testid="sso-domain" className="space-y-2 rounded-control border border-border p-3">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  <span data-testid="sso-domain-name">{domain.domain}</span>
                  <Badge tone={domain.state === "verified" ? "success" : "warning"} testId="sso-domain-state">
                    {domain.state === "verified" ? "Verified" : "Not verified"}
                  </Badge>
                </p>
                {domain.state === "verified" ? null : (
                  <>
                    <p className="text-sm text-muted">Publish this TXT record at your DNS host, then verify. Addresses on the domain use SSO only once it is verified.</p>
                    <CopyValue label={`TXT record name for ${domain.domain}`} value={domain.record.name} testId="sso-txt-name" />
                    <CopyValue label={`TXT record value for ${domain.domain}`} value={domain.record.value} testId="sso-txt-value" />
                  </>
                )}
                <div className="flex flex-wrap gap-3">
                  {domain.state === "verified" ? null : (
                    <SsoButtonForm action={verifyDomainAction} slug={slug} fields={{ domain: domain.id }} label="Verify domain" pendingLabel="Looking up…" kind="primary" testId="sso-verify" />
                  )}
                  <SsoButtonForm action={removeDomainAction} slug={slug} fields={{ domain: domain.id }} label="Remove domain" pendingLabel="Removing…" testId="sso-remove-domain" />
                </div>
              </li>
            ))}
          </ul>
          <AddDomainForm action={addDomainAction} slug={slug} connectionId={connection.id} />
        </div>
        <div className="space-y-3">
          <h3 className="text-sm font-semibold">Sign-in settings</h3>
          <ConnectionSettingsForm
            action={updateConnectionSettingsAction}
            slug={slug}
            connectionId={connection.id}
            roles={assignableRoles(false).map((role) => ({ value: role, label: roleLabel([role]) }))}
            defaultRole={connection.defaultRole}
            mappingAttribute={connection.roleMapping?.attribute ?? ""}
            mappingRoles={Object.entries(connection.roleMapping?.roles ?? {})
              .map(([group, role]) => `${group} = ${role}`)
              .join("\n")}
            idpInitiated={connection.idpInitiated}
          />
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">Test connection</h3>
          <p className="text-sm text-muted">
            Signs in at your identity provider and shows what its answer held (subject, email, {saml ? "attributes" : "claims"}) and whether it passed every check. Nobody is
            signed in here, and your own session stays as it is.
          </p>
          <SsoButtonForm action={testConnectionAction} slug={slug} fields={{ connection: connection.id }} label="Test connection" pendingLabel="Starting…" testId="sso-test" />
        </div>
        <details className="space-y-2">
          <summary className="cursor-pointer text-sm font-semibold text-danger-text">Remove connection…</summary>
          <p className="text-sm text-muted">Its domains go with it: their addresses can no longer sign in through SSO, and Require SSO no longer applies to them. Members keep their accounts.</p>
          <SsoButtonForm action={removeConnectionAction} slug={slug} fields={{ connection: connection.id }} label="Remove connection" pendingLabel="Removing…" kind="danger" testId="sso-remove-connection" />
        </details>
      </div>
    </Card>
  )
}
