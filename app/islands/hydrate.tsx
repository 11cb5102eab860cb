import { type ReactNode, startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { mountToaster } from './toasts'

/**
 * Hydrates an island's server-rendered markup with `node` (the same component the server rendered)
 * and mounts the toaster once per page, which islands mode has no React tree for. Resolves once
 * React has committed the island (its event handlers are attached).
 */
export function hydrateIsland(host: HTMLElement, node: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    // In a transition React hydrates in slices and yields to the browser between them (as React
    // Router's own client entry does), instead of one long task that blocks input.
    startTransition(() => {
      hydrateRoot(host, <Committed onCommit={resolve}>{node}</Committed>)
    })
    mountToaster()
  })
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(() => onCommit(), [onCommit])
  return children
}

/** The island's props from its `data-island-props` attribute (our own JSON); `{}` if unreadable. */
export function islandProps(host: HTMLElement): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(host.dataset.islandProps ?? '{}')
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}
