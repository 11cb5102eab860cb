import { createElement, type ReactElement } from 'react'

/** What a lucide-react icon module (`lucide-react/icons/<name>`) holds besides its component. */
export type IconData = {
  name: string
  node: ReadonlyArray<readonly [string, Record<string, string>]>
  aliases?: ReadonlyArray<string>
}

/** The icon's data from its module (`import * as logOut from 'lucide-react/icons/log-out'`). */
export function iconData(module: unknown): IconData {
  const data = (module as { __iconData?: IconData }).__iconData
  // An old name of a renamed icon is a module that re-exports the component only: import the new name.
  if (!data)
    throw new Error('iconData: not an icon module of lucide-react (an old name? import the icon by its new one)')
  return data
}

/**
 * A lucide icon as a constant element, made once when the module loads: the same <svg> the icon's
 * component draws (the same attributes and classes, aria-hidden), without running two components
 * and building the attributes again on every render of the page's frame (docs/perf/signed-in.md,
 * third pass). For decorative icons whose props never change.
 */
export function staticIcon(icon: IconData, className = ''): ReactElement {
  const classes = new Set([
    'lucide',
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).filter((alias) => alias.trim() !== '').map((alias) => `lucide-${alias}`),
    ...className.split(/\s+/).filter(Boolean),
  ])
  return createElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: 24,
      height: 24,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: [...classes].join(' '),
      'aria-hidden': 'true',
    },
    ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
  )
}
