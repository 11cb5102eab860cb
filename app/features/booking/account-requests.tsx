import { Link } from 'react-router'
import { businessDateTimeFormat } from '~/lib/business-time'
import { Badge } from '~/ui/badge'
import { type RequestKind, type RequestStatus, requestKindLabels, requestStatusLabels } from './workflow'

/**
 * The consultation requests and messages sent from an account's e-mail address, each linking to
 * its page in the staff workspace: a section of the admins' account page and the employees'
 * client page.
 */
export function AccountRequests({
  requests,
}: {
  requests: Array<{ id: string; formType: string; status: string; receivedAt: Date | string }>
}) {
  return (
    <section aria-labelledby="requests-title" className="grid gap-3">
      <h2 id="requests-title" className="font-semibold text-xl">
        Requests
      </h2>
      {requests.length === 0 ? (
        <p className="text-muted-foreground text-sm">No consultation requests or messages from this address.</p>
      ) : (
        <ul className="grid gap-2">
          {requests.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-3 text-sm"
            >
              <Link to={`/employee/requests/${r.id}`} className="text-primary underline-offset-4 hover:underline">
                {requestKindLabels[r.formType as RequestKind]}, {businessDateTimeFormat.format(new Date(r.receivedAt))}
              </Link>
              <Badge variant="secondary">{requestStatusLabels[r.status as RequestStatus] ?? r.status}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
