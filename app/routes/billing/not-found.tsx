import { data } from 'react-router'

// Any other address under /billing: the area's "Page not found", after the area's guard.
export async function loader() {
  throw data(null, { status: 404 })
}

export default function BillingNotFound() {
  return null
}
