import { oauthProviders, signIn } from "@/auth"
import { providerIcon } from "@/lib/auth"

/**
 * One button per configured OAuth/OIDC provider, each a form whose server
 * action starts the sign-in (so it works without JavaScript). The icons are
 * the library's shipped marks: nothing is loaded from another host.
 */
export function ProviderButtons({
  redirectTo = "/dashboard",
  exclude = [],
  verb = "Continue with",
}: {
  redirectTo?: string
  exclude?: string[]
  verb?: string
}) {
  const shown = oauthProviders.filter((p) => !exclude.includes(p.id))
  if (shown.length === 0) return null
  return (
    <div className="flex flex-wrap gap-3">
      {shown.map((provider) => {
        async function start() {
          "use server"
          await signIn(provider.id, { redirectTo })
        }
        return (
          <form key={provider.id} action={start}>
            <button
              type="submit"
              data-testid={`provider-${provider.id}`}
              className="inline-flex items-center gap-2 rounded-control border border-border-strong bg-surface px-4 py-2 font-medium hover:bg-surface-muted"
            >
              <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: providerIcon(provider).value }} />
              {verb} {provider.name}
            </button>
          </form>
        )
      })}
    </div>
  )
}
