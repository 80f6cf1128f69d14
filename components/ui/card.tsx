import type { ReactNode } from "react"
import { cx } from "./cx"

export interface CardProps {
  /** The card's heading; `headingLevel` sets its rank in the page outline (h2 by default). */
  title?: ReactNode
  headingLevel?: 1 | 2 | 3
  description?: ReactNode
  /** The card's actions, under a rule: at most one primary button among them. */
  footer?: ReactNode
  children?: ReactNode
  /** Turns the card into a landmark named by its title (`section`), e.g. a Settings section. */
  as?: "div" | "section"
  id?: string
  tone?: "default" | "danger"
  className?: string
  "data-testid"?: string
}

/** A surface with a title, a description, content and a footer of actions. */
export function Card({ title, headingLevel = 2, description, footer, children, as = "div", id, tone = "default", className, ...rest }: CardProps) {
  const Tag = as
  const Heading = `h${headingLevel}` as const
  const headingId = id ? `${id}-title` : undefined
  return (
    <Tag
      id={id}
      aria-labelledby={as === "section" && title ? headingId : undefined}
      data-testid={rest["data-testid"]}
      className={cx(
        "rounded-card border bg-surface shadow-card",
        tone === "danger" ? "border-danger-text/50" : "border-border",
        className,
      )}
    >
      {title || description ? (
        <div className="space-y-1 px-5 pt-5 sm:px-6 sm:pt-6">
          {title ? (
            <Heading id={headingId} className={headingLevel === 1 ? "text-title" : "text-heading"}>
              {title}
            </Heading>
          ) : null}
          {description ? <div className="text-sm text-muted">{description}</div> : null}
        </div>
      ) : null}
      {children ? <div className="space-y-4 px-5 py-5 sm:px-6">{children}</div> : null}
      {footer ? (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-border px-5 py-4 sm:px-6">{footer}</div>
      ) : null}
    </Tag>
  )
}
