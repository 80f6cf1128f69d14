"use client"

/**
 * A form whose action cannot be undone (delete a passkey, unlink an account,
 * sign out sessions): the first button only asks. The question then appears
 * in place with "Yes, …" (focused) and "Cancel"; Escape or Cancel puts the
 * first button back and focus on it. No window.confirm(): the question is
 * part of the page, styled and announced like the rest of it.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState, useTransition } from "react"

export interface ConfirmFormProps {
  /** Runs with the form's fields once the user confirmed. */
  action: (form: FormData) => Promise<void>
  /** Hidden fields the action reads (an item's id). */
  fields: Record<string, string>
  /** The first button, naming the item ("Delete Work laptop"). */
  label: string
  question: string
  confirmLabel: string
  pendingLabel: string
  /** The first button's look: a red text link inside lists (default) or an outlined button. */
  variant?: "link" | "button"
  /** data-testid of the first button. */
  testId?: string
}

const LINK = "text-sm font-medium text-red-700 underline dark:text-red-400"
const OUTLINED = "rounded-md border border-zinc-300 px-3 py-1 text-sm dark:border-zinc-700"

export function ConfirmForm({ action, fields, label, question, confirmLabel, pendingLabel, variant = "link", testId }: ConfirmFormProps) {
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
        <div role="group" aria-labelledby={questionId} onKeyDown={onKeyDown} className="space-y-2 rounded-md bg-red-50 p-3 dark:bg-red-950">
          <p id={questionId} className="text-sm">
            {question}
          </p>
          <div className="flex gap-3">
            <button
              ref={confirmButton}
              type="submit"
              disabled={pending}
              className="rounded-md bg-red-700 px-3 py-1 text-sm font-medium text-white hover:bg-red-600 disabled:opacity-60"
            >
              {pending ? pendingLabel : confirmLabel}
            </button>
            <button type="button" disabled={pending} onClick={close} className={OUTLINED}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={openButton}
          type="button"
          data-testid={testId}
          onClick={() => setAsking(true)}
          className={variant === "link" ? LINK : OUTLINED}
        >
          {label}
        </button>
      )}
    </form>
  )
}
