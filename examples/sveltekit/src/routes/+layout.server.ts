import { readSession } from "$lib/server/session"
import type { LayoutServerLoad } from "./$types"

export const load: LayoutServerLoad = async (event) => ({ session: await readSession(event) })
