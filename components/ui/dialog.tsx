"use client"

/**
 * A modal dialog on Radix's Dialog: focus moves in and is trapped, Escape
 * and the close button close it, focus returns to what opened it, the page
 * behind is inert. Title and description are wired to the dialog's name.
 */
import * as RadixDialog from "@radix-ui/react-dialog"
import type { ReactNode } from "react"
import { cx } from "./cx"

export interface DialogProps {
  /** The element that opens it: one element, used as the trigger (`asChild`). */
  trigger?: ReactNode
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Actions at the bottom; the content may also hold its own form. */
  footer?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
  className?: string
}

export const overlayClass = "fixed inset-0 z-50 bg-black/50"
export const panelClass =
  "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card border border-border " +
  "bg-surface p-6 text-fg shadow-card"

export function Dialog({ trigger, title, description, children, footer, open, onOpenChange, className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClass} />
        <RadixDialog.Content className={cx(panelClass, className)} {...(description ? {} : { "aria-describedby": undefined })}>
          <RadixDialog.Title className="text-heading">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-2 text-sm text-muted">{description}</RadixDialog.Description> : null}
          {children ? <div className="mt-4 space-y-4">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-control text-muted hover:bg-surface-muted"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 4l8 8M12 4l-8 8" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** Closes the enclosing Dialog; wrap a "Cancel" button in it. */
export const DialogClose = RadixDialog.Close
