/**
 * Incoming support e-mail (docs/support.md#e-mail): the states of a message read from the support
 * mailbox, in the order it moves through them, and their words for staff. The
 * `support_inbound_messages` CHECK is written from this list (tests/integration/catalogues.test.ts
 * reads it back).
 *
 * - stored: kept raw, not yet processed (the reader processes it next; a crash leaves it here)
 * - processed: landed in a ticket (a reply, or a new ticket of a known member's organisation)
 * - triaged: from someone we do not know, or about nothing we can find: waits for staff
 * - held: threaded only by the subject's ticket number from a sender whose domain failed the
 *   receiving server's checks (SPF/DKIM/DMARC): waits for staff instead of being posted
 * - ignored: an auto-reply or a bounce: never a ticket, never answered
 * - discarded: staff threw it away from triage (audited); the raw message stays for the record
 */
export const inboundMailStates = ['stored', 'processed', 'triaged', 'held', 'ignored', 'discarded'] as const
export type InboundMailState = (typeof inboundMailStates)[number]

/** The states that wait for a person on the triage page. */
export const waitingForStaff = ['triaged', 'held'] as const satisfies readonly InboundMailState[]

export const inboundMailStateLabels: Record<InboundMailState, string> = {
  stored: 'Received',
  processed: 'Added to a ticket',
  triaged: 'Waiting for triage',
  held: 'Held: sender not verified',
  ignored: 'Ignored (automatic message)',
  discarded: 'Discarded',
}

/** What the receiving server's Authentication-Results said of the sender's domain. */
export const senderChecks = ['pass', 'fail', 'none'] as const
export type SenderCheck = (typeof senderChecks)[number]

export const senderCheckLabels: Record<SenderCheck, string> = {
  pass: 'Sender verified',
  fail: 'Sender failed SPF/DKIM/DMARC',
  none: 'Sender not checked',
}
