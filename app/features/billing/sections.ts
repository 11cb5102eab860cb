import type { LucideIcon } from 'lucide-react'
import { FileCheckIcon, FileSignatureIcon, FileTextIcon, ReceiptIcon } from 'lucide-react'

/** The billing area's four sections: what each will hold once documents are issued. */
export type BillingSection = {
  key: 'estimates' | 'invoices' | 'receipts' | 'contracts'
  title: string
  path: string
  icon: LucideIcon
  summary: string
  /** The empty state: what will appear here, and when. */
  empty: string
}

export const billingSections: readonly BillingSection[] = [
  {
    key: 'estimates',
    title: 'Estimates',
    path: '/billing/estimates',
    icon: FileTextIcon,
    summary: 'Quotes for projects and services, to review before any work starts.',
    empty:
      'When we prepare a quote for you, after a consultation or when you ask for new work, it appears here to review and accept.',
  },
  {
    key: 'invoices',
    title: 'Invoices',
    path: '/billing/invoices',
    icon: FileCheckIcon,
    summary: 'Monthly and project invoices with their due dates and balance.',
    empty:
      'Invoices appear here when we bill you: monthly for managed services, or when a project milestone is reached.',
  },
  {
    key: 'receipts',
    title: 'Receipts',
    path: '/billing/receipts',
    icon: ReceiptIcon,
    summary: 'Proof of every payment you have made to us.',
    empty: 'Each payment you make gets a receipt here, ready to download for your records.',
  },
  {
    key: 'contracts',
    title: 'Contracts',
    path: '/billing/contracts',
    icon: FileSignatureIcon,
    summary: 'Service agreements and their terms.',
    empty: 'Your service agreements appear here once they are drawn up, with their terms and renewal dates.',
  },
]

export function billingSection(key: string): BillingSection | undefined {
  return billingSections.find((s) => s.key === key)
}
