import { Badge } from '~/ui/badge'
import { contractStatusLabels, type ShownContractStatus } from './states'

const variants: Record<ShownContractStatus, 'default' | 'secondary' | 'outline' | 'success' | 'destructive'> = {
  draft: 'outline',
  sent: 'secondary',
  viewed: 'secondary',
  signed: 'default',
  countersigned: 'success',
  declined: 'outline',
  expired: 'outline',
  withdrawn: 'outline',
}

/** A contract's status in words (the colour only repeats them). */
export function ContractStatusBadge({ status }: { status: ShownContractStatus }) {
  return <Badge variant={variants[status]}>{contractStatusLabels[status]}</Badge>
}
