import { Building2Icon, CalculatorIcon, KeyRoundIcon, type LucideIcon, StethoscopeIcon, StoreIcon } from 'lucide-react'
import type { IndustryKey } from '~/content/industries'

/** One icon per industry, shared by the home grid and the industry pages. */
export const industryIcons: Record<IndustryKey, LucideIcon> = {
  cpa: CalculatorIcon,
  'real-estate': KeyRoundIcon,
  'property-management': Building2Icon,
  healthcare: StethoscopeIcon,
  'small-business': StoreIcon,
}
