import { DataExportResume } from "./data-export-resume"

/**
 * Settings › Download my data: a plain link to the export route, which
 * answers with a file (Content-Disposition: attachment), so the browser
 * downloads it and stays on this page. Not a router <Link>: a prefetch of a
 * download is pointless. No `download` attribute either: the route may send
 * a stale session to "Confirm it's you" first, and with the attribute the
 * browser would save that page as the file instead of showing it.
 */
export function DataExportSection() {
  return (
    <section className="space-y-4" aria-labelledby="data-export-heading">
      <div className="space-y-1">
        <h2 id="data-export-heading" className="text-xl font-semibold">
          Download my data
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A JSON file of what this site keeps about you: your profile, linked accounts, passkeys, two-factor status, sessions and
          security activity. It holds no passwords, codes or keys. If you signed in a while ago, you are asked to confirm it is you
          first.
        </p>
      </div>
      <DataExportResume />
      <a
        href="/settings/export"
        className="inline-block rounded-md border border-zinc-300 px-4 py-2 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Download my data
      </a>
    </section>
  )
}
