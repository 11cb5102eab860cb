/**
 * The words of a database outage, shared by the server (app/lib/database-outage.server.ts answers
 * with them) and the pages (error boundaries show them when a 503 came without its own).
 */

/** How long a browser or a script should wait before asking again (the `Retry-After` of every 503). */
export const retryAfterSeconds = 5

/** The header that says how many seconds to wait, spelled once: every 503 and the intake's rate limit send it. */
export const retryAfterHeader = 'Retry-After'

/** What a page shows when its data could not be read. */
export const pageUnavailableMessage =
  'This page is temporarily unavailable: the database did not answer. Try again in a minute.'

/** What a form hears when its change could not be made. */
export const nothingSavedMessage =
  'The database did not answer, so nothing was saved. What you entered is still here: try again in a minute.'

/** What a staff form that changes a record (billing's) hears. */
export const nothingChangedMessage = 'The database did not answer, so nothing was changed. Try again in a minute.'

/** What a decision or a signature hears when it could not be recorded (no form to fill in again). */
export const nothingRecordedMessage = 'The database did not answer, so nothing was recorded. Try again in a minute.'

/** What an editor's Delete hears: the text on screen is kept. */
export const nothingDeletedMessage =
  'The database did not answer, so nothing was deleted. Your text is still here: try again in a minute.'

/** What a page shows when a form's change could not even start (the visitor's session could not be read). */
export const notSavedPageMessage =
  'This page is temporarily unavailable: the database did not answer, so nothing was saved. Try again in a minute.'

/** What billing pages (clients' and staff's) show. */
export const billingUnavailableMessage =
  'Billing could not be loaded: the database did not answer. Try again in a minute.'

/** What contract pages (clients' and staff's) show. */
export const contractsUnavailableMessage =
  'Contracts could not be loaded: the database did not answer. Try again in a minute.'

/**
 * The pages whose outage has its own words, by address (the first that matches wins; `.data`
 * requests are matched as their page); every other page says `pageUnavailableMessage`.
 */
const pageWords: readonly { page: RegExp; message: string }[] = [
  { page: /^\/(billing|admin)\/contracts(\/|$)/, message: contractsUnavailableMessage },
  { page: /^\/(billing|admin\/billing)(\/|$)/, message: billingUnavailableMessage },
  // The employees' list is a staff list like the others; a document and its PDF are billing's.
  { page: /^\/employee\/billing\/./, message: billingUnavailableMessage },
  { page: /^\/blog\/(rss|atom)\.xml$/, message: 'The feed is unavailable for a moment. Try again in a minute.' },
  {
    page: /^\/admin\/blog\/[^/]+$/,
    message: 'The post could not be loaded: the database did not answer. Try again in a minute.',
  },
  {
    page: /^\/admin\/blog$/,
    message: 'The posts could not be loaded: the database did not answer. Try again in a minute; nothing was changed.',
  },
  {
    page: /^\/admin\/locations$/,
    message:
      'The town pages could not be loaded: the database did not answer. Try again in a minute; nothing was changed.',
  },
  {
    page: /^\/admin\/redirects$/,
    message: 'The redirects could not be loaded: the database did not answer. Try again in a minute.',
  },
  {
    page: /^\/admin\/locations\/[^/]+\/preview$/,
    message: 'The preview could not be loaded: the database did not answer.',
  },
  {
    page: /^\/admin\/locations\/(?!import$)[^/]+$/,
    message: 'The town page could not be loaded: the database did not answer. Try again in a minute.',
  },
]

/** The words a page at `pathname` shows when its data could not be read. */
export function pageOutageMessage(pathname: string): string {
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  return pageWords.find((words) => words.page.test(path))?.message ?? pageUnavailableMessage
}
