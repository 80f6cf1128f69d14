/**
 * Settings' sub-navigation and its anchors: five groups in order, and the
 * anchors older links carry (the verify-email page, mails in inboxes) taken
 * to the element they now mean, so none of them lands at the top by accident.
 */
import { describe, expect, it } from "vitest"
import { movedAnchor, SETTINGS_SECTIONS } from "@/app/(protected)/settings/settings-sections"

describe("Settings sections", () => {
  it("are Profile, Security, Sessions & activity, Data and Danger zone, in that order", () => {
    expect(SETTINGS_SECTIONS.map((s) => s.label)).toEqual(["Profile", "Security", "Sessions & activity", "Data", "Danger zone"])
  })

  it.each([
    ["#two-factor-heading", "two-factor"],
    ["#email-heading", "email"],
    ["#sessions-heading", "sessions"],
    ["delete-account-heading", "delete-account"],
  ])("an old anchor %s goes to %s", (hash, id) => {
    expect(movedAnchor(hash)).toBe(id)
  })

  it.each([[""], ["#"], ["#security-activity"], ["#profile"], ["#constructor"], ["#__proto__"]])("%s needs no help", (hash) => {
    expect(movedAnchor(hash)).toBeNull()
  })
})
