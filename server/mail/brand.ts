/** The starter's look in mails and on the built-in auth pages: change it in one place. */
export const brandTheme = { brandColor: "#4f46e5", buttonText: "#ffffff" } as const
