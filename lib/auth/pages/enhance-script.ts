/**
 * The small script every built-in page carries for what HTML alone cannot do:
 * the show-password button (a password field can only be revealed by changing
 * its type), the resend countdown on "Check your email", and the code field's
 * fit to its six boxes (CSS cannot tell six digits from a recovery code). The
 * pages work without it: the show-password button stays hidden, the resend
 * button stays enabled (the server still holds the cooldown and the rate
 * limits), and the code field keeps its boxes whatever is typed.
 *
 * Inlined and allowed by its hash alone, as the passkey script is: no
 * 'unsafe-inline', nothing loaded. Change the text and ENHANCE_SCRIPT_HASH
 * together (a unit test recomputes the hash).
 */
import { htmlHeaders, PAGE_CSP_BASE } from "../http/response"
import { trustedHtml, type SafeHtml } from "./escape"

export const ENHANCE_SCRIPT = `"use strict";
(function () {
  document.querySelectorAll("button[data-reveal]").forEach(function (button) {
    var input = document.getElementById(button.getAttribute("aria-controls") || "");
    if (!input) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var show = input.type === "password";
      input.type = show ? "text" : "password";
      button.setAttribute("aria-pressed", show ? "true" : "false");
      input.focus();
    });
  });
  document.querySelectorAll("button[data-cooldown]").forEach(function (button) {
    var note = document.getElementById(button.getAttribute("aria-describedby") || "");
    var left = Math.min(Number(button.getAttribute("data-cooldown")) || 0, 3600);
    var ready = note ? note.textContent : "";
    function tick() {
      if (left <= 0) {
        button.disabled = false;
        if (note) note.textContent = ready;
        return;
      }
      button.disabled = true;
      if (note) note.textContent = "You can ask for another link in " + left + " s.";
      left -= 1;
      setTimeout(tick, 1000);
    }
    tick();
  });
  document.querySelectorAll("[data-otp]").forEach(function (box) {
    var input = box.querySelector("input");
    if (!input) return;
    function fit() {
      var value = input.value;
      var digits = value.replace(/\\D/g, "");
      if (/^[\\d\\s-]+$/.test(value) && digits.length <= 6 && digits !== value) input.value = digits;
      box.classList.toggle("otp-freeform", !/^\\d{0,6}$/.test(input.value));
    }
    input.addEventListener("input", fit);
    fit();
  });
})();`

/** Its CSP source expression: sha256 of the exact text above. */
export const ENHANCE_SCRIPT_HASH = "'sha256-UCmoUok/ikJLE1bsxy/GksiaPwJyoocPPBI+cpUIj0o='"

export function enhanceScriptElement(): SafeHtml {
  return trustedHtml(`<script>${ENHANCE_SCRIPT}</script>`)
}

/** Headers of a page that carries this script (and no other): the policy allows exactly it. */
export const enhancedPageHeaders: Record<string, string> = {
  ...htmlHeaders,
  "Content-Security-Policy": `${PAGE_CSP_BASE}; script-src ${ENHANCE_SCRIPT_HASH}`,
}

/** The headers for a rendered page: with the script allowed only when the page carries it. */
export function pageHeaders(page: { enhanced?: boolean }): Record<string, string> {
  return page.enhanced === true ? enhancedPageHeaders : htmlHeaders
}
