import { Badge } from '~/ui/badge'
import { type ShownStatus, statusLabels } from './states'

const variants: Record<ShownStatus, 'default' | 'secondary' | 'outline' | 'success' | 'destructive'> = {
  draft: 'outline',
  sent: 'secondary',
  viewed: 'secondary',
  accepted: 'success',
  declined: 'outline',
  converted: 'success',
  void: 'outline',
  partially_paid: 'default',
  paid: 'success',
  issued: 'success',
  overdue: 'destructive',
  expired: 'outline',
  payment_pending: 'default',
}

/** A document's status in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: ShownStatus }) {
  return <Badge variant={variants[status]}>{statusLabels[status]}</Badge>
}
