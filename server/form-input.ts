/**
 * The FormData a server action was called with, as the action can trust it.
 * A browser always sends FormData, but the action's endpoint takes any
 * payload Next can decode: a hand-made request can pass a string, a number or
 * a plain object where the form belongs, and `form.get` would then throw (a
 * 500 with a stack in the log). Such a call reads as an empty form, so the
 * action's own validation answers it with its usual form error.
 */
export function formInput(form: unknown): FormData {
  return form instanceof FormData ? form : new FormData()
}
