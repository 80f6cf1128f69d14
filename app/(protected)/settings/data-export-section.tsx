import { Card } from "@/components/ui"
import { DataExportResume } from "./data-export-resume"
import { DownloadDataLink } from "./download-data-link"

/**
 * Settings › Data › Download my data: a plain link to the export route, which
 * answers with a file (Content-Disposition: attachment), so the browser
 * downloads it and stays on this page. Not a router <Link>: a prefetch of a
 * download is pointless. No `download` attribute either: the route may send
 * a stale session to "Confirm it's you" first, and with the attribute the
 * browser would save that page as the file instead of showing it.
 */
export function DataExportSection() {
  return (
    <Card
      as="section"
      id="download-my-data"
      headingLevel={3}
      title="Download my data"
      description="A JSON file of what this site keeps about you: your profile, linked accounts, passkeys, two-factor status, sessions and security activity. It holds no passwords, codes or keys. If you signed in a while ago, you are asked to confirm it is you first."
    >
      <DataExportResume />
      <DownloadDataLink />
    </Card>
  )
}
