import { business } from '../../app/content/business.ts'
import type { MailMessage } from '../mail/outbox.server.ts'

/** Every account e-mail, as plain text: the words live here, the flows only pick one. */

const signature = `\n\n${business.name}\n${business.phone} · ${business.email}`

function hours(seconds: number): string {
  const h = Math.round(seconds / 3600)
  if (h % 24 === 0 && h >= 48) return `${h / 24} days`
  return h === 1 ? '1 hour' : `${h} hours`
}

export function verificationMail(to: string, link: string, lifetimeSeconds: number): MailMessage {
  return {
    to: [to],
    subject: `Confirm your e-mail address for ${business.name}`,
    text: `Hello,

please confirm your e-mail address by opening this link:

${link}

The link works once and expires in ${hours(lifetimeSeconds)}. If it has expired, sign in at ${business.name}'s
website and ask for a new one. If you did not create an account, ignore this message.${signature}`,
  }
}

export function existingAccountSignUpMail(to: string, signInUrl: string): MailMessage {
  return {
    to: [to],
    subject: `Someone tried to create a ${business.name} account with your e-mail`,
    text: `Hello,

someone (perhaps you) tried to create a new account with this e-mail address, which already has one.
Nothing was changed. To sign in, or to reset a forgotten password, go to:

${signInUrl}${signature}`,
  }
}

export function staffAwaitingApprovalMail(
  to: string,
  account: { email: string; fullName: string | null; companyName: string | null; phone: string | null },
  adminUrl: string,
): MailMessage {
  return {
    to: [to],
    subject: `Account awaiting approval: ${account.fullName ?? account.email}`,
    text: `A client confirmed their e-mail address and is waiting for approval.

Name:    ${account.fullName ?? '—'}
Company: ${account.companyName ?? '—'}
Phone:   ${account.phone ?? '—'}
E-mail:  ${account.email}

Approve or reject the account at ${adminUrl}`,
  }
}

export function accountApprovedMail(to: string, dashboardUrl: string): MailMessage {
  return {
    to: [to],
    subject: `Your ${business.name} account is approved`,
    text: `Hello,

good news: your account has been approved. Sign in to see your dashboard and billing documents:

${dashboardUrl}${signature}`,
  }
}

export function accountRejectedMail(to: string, reason: string | null): MailMessage {
  return {
    to: [to],
    subject: `About your ${business.name} account`,
    text: `Hello,

we are sorry: we could not approve your client account.${reason ? `\n\nReason: ${reason}` : ''}

If you think this is a mistake, reply to this message or call us at ${business.phone}.${signature}`,
    replyTo: business.email,
  }
}

export function passwordResetMail(to: string, link: string, lifetimeSeconds: number): MailMessage {
  return {
    to: [to],
    subject: `Reset your ${business.name} password`,
    text: `Hello,

someone (hopefully you) asked to reset the password of your account. Choose a new password here:

${link}

The link works once and expires in ${hours(lifetimeSeconds)}. Your other sessions end when the password
changes. If you did not ask for this, ignore this message: your password stays as it is.${signature}`,
  }
}

export function inviteMail(
  to: string,
  name: string,
  link: string,
  lifetimeSeconds: number,
  role: 'client' | 'employee' = 'client',
): MailMessage {
  // Staff are invited to the staff workspace, not to a client account.
  const what =
    role === 'employee'
      ? `we have set up your staff account for the ${business.name} employee portal, where you work
consultation requests and look up clients.`
      : `we have set up an account for you on the ${business.name} client portal.`
  return {
    to: [to],
    subject:
      role === 'employee'
        ? `Your ${business.name} staff account is ready`
        : `Your ${business.name} client account is ready`,
    text: `Hello ${name},

${what} Choose your password to finish setting it up:

${link}

The link works once and expires in ${hours(lifetimeSeconds)}.${signature}`,
  }
}

export function changeEmailMail(to: string, link: string, lifetimeSeconds: number): MailMessage {
  return {
    to: [to],
    subject: `Confirm your new e-mail address for ${business.name}`,
    text: `Hello,

please confirm that this is the new e-mail address of your ${business.name} account:

${link}

Open the link in the browser where you are signed in. It works once and expires in
${hours(lifetimeSeconds)}. If you did not ask for this change, ignore this message.${signature}`,
  }
}

export function deletionRequestedMail(
  to: string,
  account: { email: string; fullName: string | null },
  reason: string | null,
): MailMessage {
  return {
    to: [to],
    subject: `Account deletion requested: ${account.fullName ?? account.email}`,
    text: `The client ${account.fullName ?? ''} <${account.email}> asked for their account to be deleted.${
      reason ? `\n\nTheir note: ${reason}` : ''
    }

Delete the account and its data within 30 days, and confirm to the client by e-mail.`,
  }
}

export function twoFactorResetMail(to: string, signInUrl: string): MailMessage {
  return {
    to: [to],
    subject: `Your ${business.name} two-factor sign-in was reset`,
    text: `Hello,

an administrator removed the two-factor sign-in of your account, usually because you asked for it
(a lost phone, used-up backup codes). You were signed out everywhere. Sign in with your password:

${signInUrl}

Staff accounts set up two-factor sign-in again right after signing in; clients can do so in
Account Settings. If you did not ask for this, call us at ${business.phone} at once.${signature}`,
  }
}
