"use client"

import { useId, useState } from "react"
import { Button } from "@/components/ui"

/**
 * The recovery codes, shown once right after they were made: a list, a copy
 * button and a download of a .txt made in the browser (the codes never travel
 * again). Each code works once, in place of a code from the authenticator app.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId()
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"))
      setCopied("copied")
    } catch {
      // Clipboard access refused (permissions, insecure context): the list stays selectable.
      setCopied("failed")
    }
  }

  function download() {
    const text = `Recovery codes for ${window.location.host}\nEach code works once. Keep them somewhere safe.\n\n${codes.join("\n")}\n`
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }))
    const link = document.createElement("a")
    link.href = url
    link.download = "recovery-codes.txt"
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="space-y-3 rounded-control border border-warning-text/40 bg-warning-soft p-4 text-warning-soft-text">
      <h3 id={headingId} className="font-semibold">
        Recovery codes
      </h3>
      <p className="text-sm">
        Save these codes now: they are shown only this once. If you lose your authenticator app, each code signs you in once in place of
        a code from it.
      </p>
      <ul aria-labelledby={headingId} data-testid="recovery-codes" className="grid grid-cols-1 gap-1 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button kind="secondary" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button kind="secondary" size="sm" onClick={download}>
          Download as .txt
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
      {copied ? (
        <p role="status" className="text-sm" data-testid="recovery-codes-copied">
          {copied === "copied" ? "Copied to the clipboard." : "Copying did not work here: select the codes and copy them."}
        </p>
      ) : null}
    </div>
  )
}
