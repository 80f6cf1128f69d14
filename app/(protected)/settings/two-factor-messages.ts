// Settings' one sentence on why two-factor waits for a confirmed address; shared by the
// two-factor section and its actions' refusal (server/accounts/two-factor-enrolment.ts).
export const CONFIRM_ADDRESS_FIRST =
  "Confirm your email address before turning on two-factor authentication: until it is confirmed, whoever proves they own the mailbox can take the account back, which would remove two-factor authentication."
