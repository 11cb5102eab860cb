/**
 * The words of a database outage, shared by the server (app/lib/database-outage.server.ts answers
 * with them) and the pages (error boundaries show them when a 503 came without its own).
 */

/** What a page shows when its data could not be read. */
export const pageUnavailableMessage =
  'This page is temporarily unavailable: the database did not answer. Try again in a minute.'

/** What a form hears when its change could not be made. */
export const nothingSavedMessage =
  'The database did not answer, so nothing was saved. What you entered is still here: try again in a minute.'

/** What a decision or a signature hears when it could not be recorded (no form to fill in again). */
export const nothingRecordedMessage = 'The database did not answer, so nothing was recorded. Try again in a minute.'

/** What a page shows when a form's change could not even start (the visitor's session could not be read). */
export const notSavedPageMessage =
  'This page is temporarily unavailable: the database did not answer, so nothing was saved. Try again in a minute.'
