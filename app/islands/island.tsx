/** Names of the islands: interactive parts of a page served without the app's JavaScript. */
export type IslandName = 'contact-form' | 'booking-form'

/**
 * When an island becomes interactive in islands mode: `use` when it comes near the screen or is
 * first focused, pressed or submitted (a form further down a page); `page` as soon as the page's
 * script runs (the form a page is for).
 */
export type IslandLoad = 'use' | 'page'

/**
 * Marks where an island sits: on pages served with the app's JavaScript this is a plain wrapper; on
 * pages served without it (islands mode, docs/frontend-performance.md) the islands entry makes its
 * children interactive, hydrating the same component with `props` (JSON).
 */
export function Island({
  name,
  props,
  load = 'use',
  children,
}: {
  name: IslandName
  props: object
  load?: IslandLoad
  children: React.ReactNode
}) {
  return (
    <div data-island={name} data-island-load={load} data-island-props={JSON.stringify(props)}>
      {children}
    </div>
  )
}
