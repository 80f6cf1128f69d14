"use client"
/**
 * What Settings' forms share: the primary button waits until the form holds
 * something to send (`useFormChanged`), and a saved change is confirmed with a
 * toast as well as beside the form (`useSuccessToast`), so it is seen even
 * when the form has scrolled away.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from "react"
import { toast } from "@/components/flash-toaster"

export function useFormChanged(
  changed: (form: HTMLFormElement) => boolean,
  /** Re-checked whenever this changes: the action's answer (React resets the form after it). */
  after: unknown,
): { ref: RefObject<HTMLFormElement | null>; changed: boolean; onInput: () => void } {
  const ref = useRef<HTMLFormElement>(null)
  const [isChanged, setChanged] = useState(false)
  const test = useRef(changed)
  useEffect(() => {
    test.current = changed
  })
  const onInput = useCallback(() => {
    if (ref.current) setChanged(test.current(ref.current))
  }, [])
  useEffect(() => {
    onInput()
    // The reset after an action lands in the same commit; a frame later the fields are final.
    const frame = requestAnimationFrame(onInput)
    return () => cancelAnimationFrame(frame)
  }, [after, onInput])
  return { ref, changed: isChanged, onInput }
}

/** The value of the form's input `name`, or "" when there is none. */
export function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name)
  return field instanceof HTMLInputElement ? field.value : ""
}

/** A toast for each successful answer of an action (a new state object each time). */
export function useSuccessToast(state: { ok?: boolean; message?: string }, text?: string): void {
  useEffect(() => {
    if (state.ok && state.message) toast.success(text ?? state.message)
  }, [state, text])
}
