import { Badge } from '~/ui/badge'
import { type TicketStatus, ticketStatusClientLabels, ticketStatusLabels } from './catalogue'

const variants: Record<TicketStatus, 'default' | 'secondary' | 'outline' | 'success'> = {
  new: 'default',
  open: 'secondary',
  waiting_on_client: 'outline',
  resolved: 'success',
  closed: 'outline',
}

/** A ticket's status in words (the colour only repeats them), in the client's words or staff's. */
export function TicketStatusBadge({ status, audience }: { status: TicketStatus; audience: 'client' | 'staff' }) {
  const words = audience === 'client' ? ticketStatusClientLabels[status] : ticketStatusLabels[status]
  return (
    <Badge variant={variants[status]} data-testid="ticket-status">
      {words}
    </Badge>
  )
}
