import { redirect } from "@sveltejs/kit"
import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = async ({ locals, url }) => {
  const session = await locals.auth()
  if (!session?.user) redirect(303, `/auth/signin?callbackUrl=${encodeURIComponent(url.pathname)}`)
  return { email: session.user.email }
}
