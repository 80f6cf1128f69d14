/** The longest passkey name: the server refuses longer (passkeys.ts), the rename field stops there. No imports, so a client component can read it. */
export const PASSKEY_NAME_MAX = 60
