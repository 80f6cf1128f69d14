// The current request's headers as a standard Request, for the library's core calls that record
// who asked (the security log's address and device). The URL is a placeholder: those calls read
// only the headers.
import { headers } from "next/headers"

export async function currentRequest(): Promise<Request> {
  return new Request("http://app.invalid/", { headers: await headers() })
}
