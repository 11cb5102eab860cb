// Types of signed-in-js.mjs for the TypeScript scripts that import it.
export type SignedInJsPage = { path: string; signedIn: boolean }
export type SignedInJsRow = SignedInJsPage & {
  /** The HTTP status of the page's document (0 when there was no response). */
  status: number
  /** The path the page ended on after redirects. */
  landedOn: string
  /** How many scripts the page requested. */
  count: number
  /** Their gzip sizes, added up (bytes). */
  bytes: number
}

export const signedInJsTargetKB: number
export const signedInJsPages: SignedInJsPage[]
export const demoClientEmail: string
export function measureSignedInJs(baseURL: string, dataDir: string): Promise<SignedInJsRow[]>
export function signedInJsMet(row: SignedInJsRow): boolean
