"use client"

import { useEffect, useState } from "react"
import { EXPORT_READY_PARAM, EXPORT_READY_VALUE } from "./data-export-query"

/**
 * Back from "Confirm it's you" on the way to "Download my data": the download
 * the user asked for starts here, on Settings, instead of the browser staying
 * on the re-authenticate page while a file arrives. The query is dropped
 * first, so a reload or Back does not download again.
 */
export function DataExportResume() {
  const [started, setStarted] = useState(false)
  useEffect(() => {
    const params = new URLSearchParams(window.location.search)
    if (params.get(EXPORT_READY_PARAM) !== EXPORT_READY_VALUE) return
    params.delete(EXPORT_READY_PARAM)
    const query = params.toString()
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`)
    // The user is back for the download: show them the section it concerns.
    document.getElementById("data")?.scrollIntoView({ block: "start" })
    // The effect's one job is to start the download the user asked for before being asked to confirm.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setStarted(true)
    // A link's click, as the user's own would be: the route answers with an attachment, so the page stays.
    const link = document.createElement("a")
    link.href = "/settings/export"
    link.click()
  }, [])
  if (!started) return null
  return (
    <p role="status" data-testid="data-export-started" className="text-sm text-success-text">
      Identity confirmed. Your download has started.
    </p>
  )
}
