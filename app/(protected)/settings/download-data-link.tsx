"use client"

import { useState } from "react"
import { toast } from "@/components/flash-toaster"
import { buttonClass } from "@/components/ui"

/**
 * "Download my data": still a plain link (see DataExportSection), with the
 * feedback a file download lacks: the page itself does not change, so a toast
 * and a line under the button say the file is on its way.
 */
export function DownloadDataLink() {
  const [clicked, setClicked] = useState(false)
  return (
    <div className="space-y-2">
      <a
        href="/settings/export"
        className={buttonClass({ kind: "primary" })}
        onClick={() => {
          setClicked(true)
          toast.success("Your download has started", { description: "A JSON file, in your browser's downloads." })
        }}
      >
        Download my data
      </a>
      {clicked ? (
        <p role="status" data-testid="data-export-clicked" className="text-sm text-muted">
          Your download has started. Look for it in your browser&apos;s downloads.
        </p>
      ) : null}
    </div>
  )
}
