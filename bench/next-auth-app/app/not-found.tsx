// The starter's 404 page itself (it has no auth in it): Next.js puts it into every page's payload.
export { default, metadata } from "../../../app/not-found"
