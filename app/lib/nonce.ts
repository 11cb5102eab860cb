import { createContext, use } from 'react'

/**
 * This response's CSP nonce, for the server render. The root loader hands it to the page as well,
 * but a page refused by a protected area's guard renders without any loader data (React Router runs
 * no loader after a middleware refuses), and its scripts still need the nonce.
 */
export const NonceContext = createContext<string | undefined>(undefined)

export function useServerNonce(): string | undefined {
  return use(NonceContext)
}
