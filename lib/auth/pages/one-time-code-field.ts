/**
 * The authenticator-code field of the built-in pages, drawn as six boxes like
 * the app's own code input, yet a single real input: the phone's one-time-code
 * autofill, a password manager and pasting the whole code all fill it, and it
 * works without a script. The boxes are decoration behind the input; the
 * digits are the input's own text, spaced by the stylesheet (`.otp`) so each
 * one lands in its box.
 *
 * The field stays lenient (no pattern, room for 64 characters) because the
 * server also takes a recovery code in it: a code pasted there must not be
 * refused by the browser. The pages' script turns the boxes off when the value
 * stops looking like six digits, so a longer code reads as ordinary text.
 */
import { html, type SafeHtml } from "./escape"

/** How many boxes: the length of every authenticator code the library checks. */
export const ONE_TIME_CODE_LENGTH = 6

export function oneTimeCodeField(p: {
  id: string
  label: string
  /** The id of the element that says what went wrong, when something did. */
  errorId?: string
}): SafeHtml {
  const invalid = p.errorId !== undefined && html` aria-invalid="true" aria-describedby="${p.errorId}"`
  const boxes = Array.from({ length: ONE_TIME_CODE_LENGTH }, () => html`<span></span>`)
  return html`<label for="${p.id}">${p.label}</label>
<div class="otp${p.errorId !== undefined ? " otp-invalid" : ""}" data-otp>
<div class="otp-boxes" aria-hidden="true">${boxes}</div>
<input id="${p.id}" type="text" name="code" inputmode="numeric" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="64" required autofocus${invalid}>
</div>`
}
