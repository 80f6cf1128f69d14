// What Settings says about verification mail when the site sends none; shared by the
// section (which then shows no button) and its action (reached by an old page).
export const MAIL_OFF_MESSAGE =
  "Email is not configured on this site, so it cannot send you a verification email. Your address stays unverified; everything else works."
