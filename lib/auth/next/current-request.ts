/**
 * The current request's headers as a standard Request, for core calls that
 * record who asked (the security log's address and device) from server
 * components and server actions. The URL is a placeholder: those calls read
 * only the headers. Null outside a request scope (a script, a job).
 */
import { headers as nextHeaders } from "next/headers"

export async function currentRequest(): Promise<Request | null> {
  try {
    return new Request("http://client.invalid/", { headers: await nextHeaders() })
  } catch {
    return null
  }
}
