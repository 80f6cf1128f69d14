"use client"

/**
 * The forms of the single sign-on settings. Each posts the organization's
 * slug (the page's URL) as a hidden field, which names the organization but
 * grants nothing. A success comes back as a flash toast after the action's
 * redirect; a refusal is shown in the form that was sent, with what was
 * typed kept. Without JavaScript the browser posts the same form and the
 * page comes back the same way.
 */
import { type ReactNode, useActionState, useEffect, useState } from "react"
import { StatusMessage } from "@/components/status-message"
import { Button, type ButtonProps } from "@/components/ui"
import { inputClass } from "@/components/ui"
import { TextField } from "@/components/text-field"
import { type RoleChoice, RoleSelect } from "../../members/role-select"
import type { SsoFormState } from "./actions"

type SsoAction = (previous: SsoFormState, input: FormData) => Promise<SsoFormState>

/** A one-button form (verify, remove, require, test) with its refusal under it. */
export function SsoButtonForm({
  action,
  slug,
  fields,
  label,
  pendingLabel,
  kind = "secondary",
  testId,
}: {
  action: SsoAction
  slug: string
  fields: Record<string, string>
  label: string
  pendingLabel: string
  kind?: ButtonProps["kind"]
  testId: string
}) {
  const [state, run, pending] = useActionState<SsoFormState, FormData>(action, {})
  const continueUrl = state.continueUrl
  useEffect(() => {
    if (continueUrl) window.location.assign(continueUrl)
  }, [continueUrl])
  return (
    <form action={run} className="space-y-2">
      <input type="hidden" name="organization" value={slug} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" kind={kind} size="sm" pending={pending} pendingLabel={pendingLabel}>
        {label}
      </Button>
      <StatusMessage ok={state.ok} text={state.ok ? undefined : state.message} testId={`${testId}-message`} />
      {continueUrl ? (
        // Without a script nothing navigates by itself: the way on is a link.
        <p className="text-sm">
          <a href={continueUrl} className="font-medium underline">
            Continue to the identity provider
          </a>
        </p>
      ) : null}
    </form>
  )
}

export function AddDomainForm({ action, slug, connectionId }: { action: SsoAction; slug: string; connectionId: string }) {
  const [state, run, pending] = useActionState<SsoFormState, FormData>(action, {})
  const id = `add-domain-${connectionId}`
  return (
    <form action={run} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <input type="hidden" name="organization" value={slug} />
      <input type="hidden" name="connection" value={connectionId} />
      <TextField
        id={id}
        name="domain"
        label="Add a domain"
        type="text"
        required
        maxLength={253}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="example.com"
        defaultValue={state.values?.domain}
        error={state.ok === false ? state.message : undefined}
        className="flex-1"
      />
      <Button type="submit" kind="secondary" pending={pending} pendingLabel="Adding…">
        Add domain
      </Button>
    </form>
  )
}

/** A value the identity provider's administrator pastes: selectable text, and a copy button once the script runs. */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null)
  return (
    <div className="space-y-1">
      <div className="text-sm font-medium">{label}</div>
      <div className="flex gap-2">
        <input readOnly value={value} aria-label={label} data-testid={testId} className={`${inputClass} font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
        <Button
          kind="secondary"
          size="sm"
          aria-label={`Copy ${label}`}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value)
              setCopied("copied")
            } catch {
              // Clipboard refused (permissions, insecure context): the field stays selectable.
              setCopied("failed")
            }
          }}
        >
          Copy
        </Button>
      </div>
      {copied ? (
        <p role="status" className="text-xs text-muted">
          {copied === "copied" ? "Copied." : "Copying did not work here: select the value and copy it."}
        </p>
      ) : null}
    </div>
  )
}

function TextArea({ name, label, hint, defaultValue, rows = 4 }: { name: string; label: string; hint?: string; defaultValue?: string; rows?: number }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`sso-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <textarea id={`sso-${name}`} name={name} rows={rows} defaultValue={defaultValue} spellCheck={false} className={`${inputClass} h-auto font-mono text-xs`} aria-describedby={hint ? `sso-${name}-hint` : undefined} />
      {hint ? (
        <p id={`sso-${name}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

function Fieldset({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-control border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

/**
 * Both kinds' fields are on the page at once, so the form works without a script: the chosen
 * kind decides which are read. SAML takes the metadata XML, else its URL, else the three values.
 */
export function AddConnectionForm({ action, slug }: { action: SsoAction; slug: string }) {
  const [state, run, pending] = useActionState<SsoFormState, FormData>(action, {})
  const values = state.values ?? {}
  return (
    <form action={run} className="space-y-4">
      <input type="hidden" name="organization" value={slug} />
      <TextField id="sso-name" name="name" label="Connection name" type="text" required maxLength={100} placeholder="Okta" defaultValue={values.name} />
      <TextField
        id="sso-domains"
        name="domains"
        label="Email domains"
        type="text"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="example.com, example.org"
        hint="The domains of your members' addresses, separated by commas. Each is verified with a DNS record before it is used."
        defaultValue={values.domains}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Protocol</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="kind" value="saml" defaultChecked={values.kind !== "oidc"} /> SAML 2.0
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="kind" value="oidc" defaultChecked={values.kind === "oidc"} /> OpenID Connect
        </label>
      </fieldset>
      <Fieldset legend="SAML: the metadata, or its URL, or the three values">
        <TextArea name="metadataXml" label="Identity provider metadata (XML)" defaultValue={values.metadataXml} hint="Paste the whole XML document your identity provider offers." />
        <TextField id="sso-metadataUrl" name="metadataUrl" label="Or its metadata URL" type="url" placeholder="https://idp.example.com/metadata" defaultValue={values.metadataUrl} />
        <p className="text-sm text-muted">Or enter the values yourself:</p>
        <TextField id="sso-entityId" name="entityId" label="Identity provider entity ID" type="text" spellCheck={false} defaultValue={values.entityId} />
        <TextField id="sso-ssoUrl" name="ssoUrl" label="Single sign-on URL" type="url" placeholder="https://idp.example.com/sso" defaultValue={values.ssoUrl} />
        <TextArea name="certificate" label="Signing certificate (PEM)" rows={6} defaultValue={values.certificate} />
      </Fieldset>
      <Fieldset legend="OpenID Connect">
        <TextField id="sso-issuer" name="issuer" label="Issuer" type="url" placeholder="https://login.example.com" defaultValue={values.issuer} />
        <TextField id="sso-clientId" name="clientId" label="Client ID" type="text" spellCheck={false} autoComplete="off" defaultValue={values.clientId} />
        <TextField id="sso-clientSecret" name="clientSecret" label="Client secret" type="password" autoComplete="off" hint="Stored encrypted; never shown again." />
      </Fieldset>
      <StatusMessage ok={false} text={state.ok === false ? state.message : undefined} testId="sso-add-connection-message" />
      <Button type="submit" pending={pending} pendingLabel="Adding…">
        Add connection
      </Button>
    </form>
  )
}

/**
 * A connection's sign-in settings. The role mapping is written as "group = role" lines, the
 * way an identity provider's admin reads their groups; owner is never given by a mapping.
 */
export function ConnectionSettingsForm({
  action,
  slug,
  connectionId,
  roles,
  defaultRole,
  mappingAttribute,
  mappingRoles,
  idpInitiated,
}: {
  action: SsoAction
  slug: string
  connectionId: string
  roles: RoleChoice[]
  defaultRole: string
  mappingAttribute: string
  mappingRoles: string
  idpInitiated: boolean
}) {
  const [state, run, pending] = useActionState<SsoFormState, FormData>(action, {})
  const values = state.values ?? {}
  const id = (name: string) => `sso-${name}-${connectionId}`
  return (
    <form action={run} className="space-y-4" data-testid="sso-connection-settings">
      <input type="hidden" name="organization" value={slug} />
      <input type="hidden" name="connection" value={connectionId} />
      <RoleSelect id={id("defaultRole")} name="defaultRole" label="New members join as" roles={roles} defaultValue={values.defaultRole ?? defaultRole} />
      <TextField
        id={id("mappingAttribute")}
        name="mappingAttribute"
        label="Groups attribute or claim (optional)"
        type="text"
        spellCheck={false}
        autoComplete="off"
        placeholder="groups"
        defaultValue={values.mappingAttribute ?? mappingAttribute}
      />
      <div className="space-y-1.5">
        <label htmlFor={id("mappingRoles")} className="block text-sm font-medium">
          Roles from groups (optional)
        </label>
        <textarea
          id={id("mappingRoles")}
          name="mappingRoles"
          rows={3}
          spellCheck={false}
          placeholder={"engineering-admins = admin\neveryone = member"}
          defaultValue={values.mappingRoles ?? mappingRoles}
          aria-describedby={`${id("mappingRoles")}-hint`}
          className={`${inputClass} h-auto font-mono text-xs`}
        />
        <p id={`${id("mappingRoles")}-hint`} className="text-sm text-muted">
          One &ldquo;group = role&rdquo; per line, applied at each sign-in. Members in no listed group keep the role above.
        </p>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="idpInitiated" defaultChecked={idpInitiated} className="mt-1" />
        <span>
          Accept sign-ins your identity provider starts (from its app dashboard). Each is still checked, used once, and lands only on this app.
        </span>
      </label>
      <StatusMessage ok={false} text={state.ok === false ? state.message : undefined} testId="sso-connection-settings-message" />
      <Button type="submit" kind="secondary" pending={pending} pendingLabel="Saving…">
        Save sign-in settings
      </Button>
    </form>
  )
}
