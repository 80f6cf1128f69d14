/** Password length limits, apart from the blocklist so client components can import them cheaply. */
export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128
