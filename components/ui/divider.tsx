/**
 * "or" between two ways of doing the same thing. The word is muted text on
 * the surface (at least 4.5:1 in both themes), the rules are decoration.
 */
export function Divider({ label = "or" }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 text-xs font-medium tracking-wider text-muted uppercase">
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
      {label}
      <span aria-hidden="true" className="h-px flex-1 bg-border" />
    </div>
  )
}
