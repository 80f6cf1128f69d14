import type { ReactNode } from "react"
import { cx } from "./cx"

export type BadgeTone = "neutral" | "accent" | "success" | "warning" | "danger"

const TONES: Record<BadgeTone, string> = {
  neutral: "border-border bg-surface-muted text-fg",
  accent: "border-transparent bg-accent-soft text-accent-text",
  success: "border-transparent bg-success-soft text-success-soft-text",
  warning: "border-transparent bg-warning-soft text-warning-soft-text",
  danger: "border-transparent bg-danger-soft text-danger-soft-text",
}

/** A short status word in a pill ("Suspended", "admin"); the tone repeats what the word says, never replaces it. */
export function Badge({ tone = "neutral", children, className, testId }: { tone?: BadgeTone; children: ReactNode; className?: string; testId?: string }) {
  return (
    <span className={cx("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", TONES[tone], className)} data-testid={testId}>
      {children}
    </span>
  )
}
