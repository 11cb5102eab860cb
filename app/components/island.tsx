/** Names of the islands: interactive parts of a page served without the app's JavaScript. */
export type IslandName = 'contact-form'

/**
 * Marks where an island sits: on pages served with the app's JavaScript this is a plain wrapper; on
 * pages served without it (islands mode, docs/frontend-performance.md) the islands entry makes its
 * children interactive when they are first needed, hydrating them with `props`.
 */
export function Island({
  name,
  props,
  children,
}: {
  name: IslandName
  props: Record<string, string | number | boolean>
  children: React.ReactNode
}) {
  return (
    <div data-island={name} data-island-props={JSON.stringify(props)}>
      {children}
    </div>
  )
}
