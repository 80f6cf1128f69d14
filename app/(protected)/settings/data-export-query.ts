/** The query the export route sends a stale session back to Settings with, once it has confirmed who it is. */
export const EXPORT_READY_PARAM = "export"
export const EXPORT_READY_VALUE = "ready"
export const EXPORT_READY_QUERY = `${EXPORT_READY_PARAM}=${EXPORT_READY_VALUE}`
