"use client"

/**
 * A form whose action cannot be undone (delete a passkey, unlink an account,
 * sign out sessions): the first button only asks. The question then appears
 * in place with "Yes, …" (focused) and "Cancel"; Escape or Cancel puts the
 * first button back and focus on it. No window.confirm(): the question is
 * part of the page, styled and announced like the rest of it.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState, useTransition } from "react"
import { Button } from "./ui/button"
import { buttonClass } from "./ui/button-styles"
import { Spinner } from "./ui/spinner"

export interface ConfirmFormProps {
  /** Runs with the form's fields once the user confirmed. */
  action: (form: FormData) => Promise<void>
  /** Hidden fields the action reads (an item's id). */
  fields: Record<string, string>
  /** The first button's accessible name, naming the item ("Delete Work laptop"). */
  label: string
  /**
   * What the first button shows when the list around it already names the
   * item ("Delete"); it must begin the accessible name (WCAG 2.5.3, label in name).
   */
  text?: string
  question: string
  confirmLabel: string
  pendingLabel: string
  /** The first button's look: a red text link inside lists (default) or an outlined button. */
  variant?: "link" | "button"
  /** data-testid of the first button. */
  testId?: string
}

// Inside a list, a small quiet button: the red is saved for the question and its answer.
const LINK = buttonClass({ kind: "secondary", size: "sm" })
const OUTLINED = buttonClass({ kind: "secondary" })

export function ConfirmForm({ action, fields, label, text, question, confirmLabel, pendingLabel, variant = "link", testId }: ConfirmFormProps) {
  const [asking, setAsking] = useState(false)
  const [pending, startTransition] = useTransition()
  const questionId = useId()
  const confirmButton = useRef<HTMLButtonElement>(null)
  const openButton = useRef<HTMLButtonElement>(null)
  const focusOpenButton = useRef(false)

  useEffect(() => {
    if (asking) confirmButton.current?.focus()
    else if (focusOpenButton.current) {
      focusOpenButton.current = false
      openButton.current?.focus()
    }
  }, [asking])

  function close() {
    focusOpenButton.current = true
    setAsking(false)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    startTransition(async () => {
      await action(form)
      // When the item is gone (deleted) this component is gone too; otherwise ask again next time.
      close()
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape" && !pending) {
      event.preventDefault()
      close()
    }
  }

  return (
    <form onSubmit={submit}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {asking ? (
        <div role="group" aria-labelledby={questionId} onKeyDown={onKeyDown} className="space-y-3 rounded-control border border-danger-text/40 bg-danger-soft p-3 text-danger-soft-text">
          <p id={questionId} className="text-sm">
            {question}
          </p>
          <div className="flex flex-wrap gap-3">
            {/* A plain button: focus moves to it when the question opens (the kit's Button takes no ref). */}
            <button
              ref={confirmButton}
              type="submit"
              disabled={pending}
              aria-busy={pending || undefined}
              className={buttonClass({ kind: "danger", size: "sm" })}
            >
              {pending ? <Spinner /> : null}
              {pending ? pendingLabel : confirmLabel}
            </button>
            <Button kind="secondary" size="sm" disabled={pending} onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <button
          ref={openButton}
          type="button"
          data-testid={testId}
          onClick={() => setAsking(true)}
          className={variant === "link" ? LINK : OUTLINED}
          aria-label={text ? label : undefined}
        >
          {text ?? label}
        </button>
      )}
    </form>
  )
}
