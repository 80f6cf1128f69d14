import { fail } from "@sveltejs/kit"
import { CredentialsSignin } from "$auth"
import { signIn, signOut } from "../auth"
import type { Actions } from "./$types"

export const actions: Actions = {
  // A wrong password is the user's mistake, not a server error: answer the form with a message.
  signin: async (event) => {
    try {
      await signIn(event)
    } catch (error) {
      if (error instanceof CredentialsSignin) return fail(400, { error: "Wrong email or password." })
      throw error
    }
  },
  signout: signOut,
}
