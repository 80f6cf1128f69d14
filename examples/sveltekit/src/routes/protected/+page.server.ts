import { redirect } from "@sveltejs/kit"
import { readSession } from "$lib/server/session"
import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = async (event) => {
  const session = await readSession(event)
  // To the built-in sign-in page, which sends the user back here afterwards.
  if (!session?.user) redirect(303, `/auth/signin?${new URLSearchParams({ callbackUrl: event.url.pathname + event.url.search })}`)
  return { email: session.user.email }
}
