/**
 * The notices the organization actions leave for the page the browser is
 * sent to after a change that moves it (a "use server" file exports only
 * actions). Fixed words in the query, never text from it: a crafted link
 * cannot make the page say something of its choosing.
 */

/** Where a deleted organization's owner lands: their organizations, with a notice. */
export const DELETED_NOTICE_PATH = "/orgs?deleted=1"

/** Added to the settings page's new address after the slug changed. */
export const SLUG_CHANGED_QUERY = "saved=slug"

/** Where a switch to an organization the user cannot open lands (the switcher's form was stale or crafted). */
export const SWITCH_FAILED_PATH = "/orgs?switch=failed"
