import { cx } from "./cx"

/**
 * A small spinning ring. Decorative: the control that shows it says "busy"
 * itself (aria-busy, a pending label), so the ring is hidden from assistive
 * technology. Reduced motion stops the spin (globals.css), leaving a ring.
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={cx("size-4 shrink-0 animate-spin", className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
