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
import * as cctv from 'lucide-react/icons/cctv'
import * as clipboardList from 'lucide-react/icons/clipboard-list'
import * as cloud from 'lucide-react/icons/cloud'
import * as house from 'lucide-react/icons/house'
import * as network from 'lucide-react/icons/network'
import * as serverCog from 'lucide-react/icons/server-cog'
import * as shieldCheck from 'lucide-react/icons/shield-check'
import type { ServiceKey } from '~/content/catalog'
import { type IconData, iconData } from '~/ui/static-icon'

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

/** The same icons as data, for the site's frame, which draws them as constant elements (ui/static-icon.ts). */
export const serviceIconData: Record<ServiceKey, IconData> = {
  'managed-it': iconData(serverCog),
  cybersecurity: iconData(shieldCheck),
  network: iconData(network),
  cloud: iconData(cloud),
  consulting: iconData(clipboardList),
  specialty: iconData(cctv),
  residential: iconData(house),
}
