import {
  CctvIcon,
  ClipboardListIcon,
  CloudIcon,
  HouseIcon,
  type LucideIcon,
  NetworkIcon,
  ServerCogIcon,
  ShieldCheckIcon,
} from 'lucide-react'
import type { ServiceKey } from '~/content/catalog'

/** One icon per service, so the menu, the home grid and the service pages picture them alike. */
export const serviceIcons: Record<ServiceKey, LucideIcon> = {
  'managed-it': ServerCogIcon,
  cybersecurity: ShieldCheckIcon,
  network: NetworkIcon,
  cloud: CloudIcon,
  consulting: ClipboardListIcon,
  specialty: CctvIcon,
  residential: HouseIcon,
}
