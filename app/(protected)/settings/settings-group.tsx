import type { ReactNode } from "react"

/**
 * One group of Settings (Profile, Security…): an anchor for the
 * sub-navigation, a heading, and its cards. Not a landmark: the cards inside
 * are the regions people and tests find by name.
 */
export function SettingsGroup({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <div id={id} aria-labelledby={`${id}-group-title`} className="space-y-4">
      <div className="space-y-1">
        <h2 id={`${id}-group-title`} className="text-title">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </div>
  )
}
