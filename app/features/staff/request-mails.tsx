import { businessDateTimeFormat } from '~/lib/business-time'
import type { MailState } from '../../../server/booking/request-mails.server.ts'
import { mailStateLabel } from './mail-states'

/** The e-mails about this request and how their delivery went. */
export function RequestMails({ mails }: { mails: MailState[] }) {
  return (
    <section aria-labelledby="mails-title" className="grid gap-3">
      <h2 id="mails-title" className="font-semibold text-xl">
        E-mails
      </h2>
      {mails.length === 0 ? (
        <p className="text-muted-foreground text-sm">No e-mails about this request.</p>
      ) : (
        <div className="rounded-xl border bg-card">
          <table className="w-full table-fixed break-words text-left text-sm">
            <caption className="sr-only">E-mails sent about this request</caption>
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Subject
                </th>
                <th scope="col" className="px-4 py-2">
                  To
                </th>
                <th scope="col" className="px-4 py-2">
                  Delivery
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id} className="border-b last:border-0">
                  <td className="px-4 py-2">{mail.subject || '—'}</td>
                  <td className="px-4 py-2">{mail.to || '—'}</td>
                  <td className="px-4 py-2">
                    {mailStateLabel(mail.state)}
                    {mail.completedOn ? `, ${businessDateTimeFormat.format(new Date(mail.completedOn))}` : ''}
                    {mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
