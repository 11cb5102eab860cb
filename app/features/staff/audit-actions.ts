/**
 * Every action the audit log records (docs/audit-log.md), ONE catalogue: `recordAudit` accepts
 * only these names, the viewer's action filter and its words are derived from it, and a test reads
 * every name written in the code and in the database against it. A new action joins with one line.
 *
 * `subject` says what the entry is about, so that the log names it in words staff use (the
 * person's e-mail, the document's number; server/audit/subjects.server.ts looks them up).
 */

export type AuditSubjectKind =
  /** A client_onboarding record (the person's account): their e-mail. */
  | 'account'
  /** A Better Auth user id (an invitation, a second factor): the person's e-mail. */
  | 'user'
  /** A consultation request or contact message: its reference and the sender's e-mail. */
  | 'request'
  /** An estimate, invoice or receipt: its number (or "draft") and the client's e-mail. */
  | 'billing_document'
  /** A contract: its number (or "draft"), title and the client's e-mail. */
  | 'contract'
  | 'contract_template'
  | 'blog_post'
  | 'location'
  | 'redirect'
  /** An outgoing e-mail (a pg-boss job): its recipients and subject line. */
  | 'mail'
  /** A client organisation: its name. */
  | 'organisation'
  /** A support ticket: its number and subject. */
  | 'ticket'
  /** An incoming support e-mail (triage): its sender and subject. */
  | 'support_mail'
  /** The nightly retention job: no one record. */
  | 'retention'
  /** An organisation's subscription to a plan: the organisation's name and the plan. */
  | 'subscription'

type AuditActionEntry = { words: string; subject: AuditSubjectKind }

export const auditActions = {
  'account.approve': { words: 'Approved an account', subject: 'account' },
  'account.reject': { words: 'Rejected an account', subject: 'account' },
  'account.invite': { words: 'Invited a person', subject: 'user' },
  'account.invite_resend': { words: 'Resent an invitation', subject: 'account' },
  'account.invite_revoke': { words: 'Took back an invitation', subject: 'account' },
  'account.verification_resend': { words: 'Resent the verification e-mail', subject: 'account' },
  'account.role': { words: 'Changed a role', subject: 'account' },
  'account.disable': { words: 'Disabled an account', subject: 'account' },
  'account.enable': { words: 'Enabled an account', subject: 'account' },
  'account.end_sessions': { words: 'Ended all sessions of an account', subject: 'account' },
  'account.two_factor_reset': { words: 'Removed a second factor', subject: 'user' },
  'request.status': { words: 'Changed the status of a request', subject: 'request' },
  'request.assign': { words: 'Assigned a request', subject: 'request' },
  'request.note': { words: 'Added a note to a request', subject: 'request' },
  'request.schedule': { words: 'Booked an appointment', subject: 'request' },
  'request.reschedule': { words: 'Moved an appointment', subject: 'request' },
  'request.cancel_appointment': { words: 'Cancelled an appointment', subject: 'request' },
  'booking.claim': { words: 'A client added a request to their dashboard', subject: 'request' },
  'billing.create': { words: 'Created a draft document', subject: 'billing_document' },
  'billing.update': { words: 'Saved a draft document', subject: 'billing_document' },
  'billing.delete': { words: 'Deleted a draft document', subject: 'billing_document' },
  'billing.send': { words: 'Sent a document', subject: 'billing_document' },
  'billing.view': { words: 'A client opened a document', subject: 'billing_document' },
  'billing.accept': { words: 'A client accepted an estimate', subject: 'billing_document' },
  'billing.decline': { words: 'A client declined an estimate', subject: 'billing_document' },
  'billing.convert': { words: 'Turned an estimate into an invoice', subject: 'billing_document' },
  'billing.payment': { words: 'Recorded a payment', subject: 'billing_document' },
  'billing.void': { words: 'Voided or withdrew a document', subject: 'billing_document' },
  'billing.reminders_on': { words: 'Turned reminders on', subject: 'billing_document' },
  'billing.reminders_off': { words: 'Turned reminders off', subject: 'billing_document' },
  'billing.remind': { words: 'E-mailed a payment reminder', subject: 'billing_document' },
  'payment.failed': { words: 'An online payment failed', subject: 'billing_document' },
  'payment.refund': { words: 'Refunded an online payment', subject: 'billing_document' },
  'payment.method_saved': { words: 'A client saved a payment method', subject: 'organisation' },
  'payment.method_removed': { words: 'A client removed their payment method', subject: 'organisation' },
  'payment.autopay_on': { words: 'A client turned autopay on', subject: 'organisation' },
  'payment.autopay_off': { words: 'A client turned autopay off', subject: 'organisation' },
  'contract.create': { words: 'Created a draft contract', subject: 'contract' },
  'contract.update': { words: 'Saved a draft contract', subject: 'contract' },
  'contract.delete': { words: 'Deleted a draft contract', subject: 'contract' },
  'contract.send': { words: 'Sent a contract', subject: 'contract' },
  'contract.view': { words: 'A client opened a contract', subject: 'contract' },
  'contract.sign': { words: 'A client signed a contract', subject: 'contract' },
  'contract.decline': { words: 'A client declined a contract', subject: 'contract' },
  'contract.withdraw': { words: 'Withdrew a contract', subject: 'contract' },
  'contract.countersign': { words: 'Countersigned a contract', subject: 'contract' },
  'contract_template.create': { words: 'Added a contract template', subject: 'contract_template' },
  'contract_template.update': { words: 'Edited a contract template', subject: 'contract_template' },
  'blog.create': { words: 'Created a post', subject: 'blog_post' },
  'blog.publish': { words: 'Published or scheduled a post', subject: 'blog_post' },
  'blog.unpublish': { words: 'Took a post back to draft', subject: 'blog_post' },
  'blog.update': { words: 'Edited a post', subject: 'blog_post' },
  'blog.delete': { words: 'Deleted a post', subject: 'blog_post' },
  'location.create': { words: 'Created a town page', subject: 'location' },
  'location.publish': { words: 'Published a town page', subject: 'location' },
  'location.unpublish': { words: 'Hid a town page', subject: 'location' },
  'location.update': { words: 'Edited a town page', subject: 'location' },
  'location.delete': { words: 'Deleted a town page', subject: 'location' },
  'redirect.delete': { words: 'Removed a redirect', subject: 'redirect' },
  'mail.retry': { words: 'Retried an e-mail', subject: 'mail' },
  'mail.discard': { words: 'Discarded an e-mail', subject: 'mail' },
  'organisation.create': { words: 'Created an organisation', subject: 'organisation' },
  'organisation.update': { words: 'Edited an organisation', subject: 'organisation' },
  'organisation.person_add': { words: 'Added a person to an organisation', subject: 'organisation' },
  'organisation.person_move': { words: 'Moved a person to another organisation', subject: 'organisation' },
  'organisation.role_change': { words: "Changed a person's role in an organisation", subject: 'organisation' },
  'organisation.person_remove': { words: 'Removed a person from an organisation', subject: 'organisation' },
  'organisation.invite': { words: 'Invited a person to an organisation', subject: 'organisation' },
  'organisation.merge': { words: 'Merged two organisations', subject: 'organisation' },
  'organisation.second_factor': {
    words: 'Changed whether an organisation requires a second factor',
    subject: 'organisation',
  },
  'ticket.open': { words: 'Opened a ticket for a client', subject: 'ticket' },
  'ticket.reply': { words: 'Replied to a ticket', subject: 'ticket' },
  'ticket.note': { words: 'Added an internal note to a ticket', subject: 'ticket' },
  'ticket.status': { words: 'Changed the status of a ticket', subject: 'ticket' },
  'ticket.assign': { words: 'Assigned a ticket', subject: 'ticket' },
  'ticket.priority': { words: 'Changed the priority of a ticket', subject: 'ticket' },
  'ticket.time': { words: 'Added time spent on a ticket', subject: 'ticket' },
  'ticket.copy': { words: 'Copied a person on a ticket', subject: 'ticket' },
  'ticket.merge': { words: 'Merged a ticket into another', subject: 'ticket' },
  'ticket.auto_close': { words: 'Closed a ticket resolved 7 days ago (automatic)', subject: 'ticket' },
  'support_mail.open': { words: 'Opened a ticket from an e-mail in triage', subject: 'support_mail' },
  'support_mail.attach': { words: 'Added an e-mail in triage to a ticket', subject: 'support_mail' },
  'support_mail.discard': { words: 'Discarded an e-mail in triage', subject: 'support_mail' },
  'retention.delete': { words: 'Deleted old records (retention)', subject: 'retention' },
  'subscription.create': { words: 'Started a subscription', subject: 'subscription' },
  'subscription.seats': { words: 'Changed the seats of a subscription', subject: 'subscription' },
  'subscription.pause': { words: 'Paused a subscription', subject: 'subscription' },
  'subscription.resume': { words: 'Resumed a subscription', subject: 'subscription' },
  'subscription.cancel': { words: 'Cancelled a subscription', subject: 'subscription' },
  'subscription.invoice': { words: 'Issued a subscription invoice (monthly run)', subject: 'billing_document' },
} as const satisfies Record<string, AuditActionEntry>

export type AuditAction = keyof typeof auditActions

export const auditActionNames = Object.keys(auditActions) as AuditAction[]

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(auditActions, value)
}

/** The part of an action before the dot. */
export type AuditArea = AuditAction extends `${infer Area}.${string}` ? Area : never

/** The areas, each offered by the filter as `area.` for all of its actions. */
export const auditAreaWords: Record<AuditArea, string> = {
  account: 'Accounts',
  request: 'Requests',
  booking: 'Requests claimed by clients',
  billing: 'Billing',
  payment: 'Online payments',
  contract: 'Contracts',
  contract_template: 'Contract templates',
  blog: 'Blog',
  location: 'Town pages',
  redirect: 'Redirects',
  organisation: 'Organisations',
  ticket: 'Support tickets',
  support_mail: 'Support e-mail triage',
  mail: 'E-mail',
  retention: 'Retention',
  subscription: 'Subscriptions',
}

/** The filter's choices: each area (`account.`), then its actions, with the words staff read. */
export const auditFilterChoices: ReadonlyArray<{ value: string; words: string }> = (
  Object.keys(auditAreaWords) as AuditArea[]
).flatMap((area) => [
  { value: `${area}.`, words: `${auditAreaWords[area]}: every action` },
  ...auditActionNames
    .filter((action) => action.startsWith(`${area}.`))
    .map((action) => ({ value: action, words: auditActions[action].words })),
])
