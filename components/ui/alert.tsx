import type { ReactNode } from "react"
import { cx } from "./cx"

export type AlertTone = "info" | "success" | "warning" | "error"

const TONES: Record<AlertTone, string> = {
  info: "border-accent-text/40 bg-info-soft text-info-soft-text",
  success: "border-success-text/40 bg-success-soft text-success-soft-text",
  warning: "border-warning-text/40 bg-warning-soft text-warning-soft-text",
  error: "border-danger-text/40 bg-danger-soft text-danger-soft-text",
}

export interface AlertProps {
  tone?: AlertTone
  title?: ReactNode
  children?: ReactNode
  /** What follows from it: a link or a button to the next step. */
  action?: ReactNode
  className?: string
  "data-testid"?: string
}

/**
 * A message about the page or what just happened. An error is an alert
 * (announced at once); the other tones are a status (announced politely).
 */
export function Alert({ tone = "info", title, children, action, className, ...rest }: AlertProps) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={rest["data-testid"]}
      className={cx("rounded-control border px-4 py-3 text-sm", TONES[tone], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  )
}
