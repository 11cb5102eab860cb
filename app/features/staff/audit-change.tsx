/** One audit entry's change: the fields before and after, and its other details, as short text. */
export function AuditChange({
  before,
  after,
  details,
}: {
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  details: Record<string, unknown>
}) {
  const show = (value: unknown) =>
    value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value)
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const extra = Object.entries(details)
  return (
    <div className="grid gap-1 text-xs">
      {keys.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {keys.map((key) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{key}</dt>
              <dd className="break-words">
                <span className="sr-only">before: </span>
                <del className="text-muted-foreground">{show(before?.[key])}</del> →{' '}
                <span className="sr-only">after: </span>
                <ins className="no-underline">{show(after?.[key])}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {extra.length > 0 && (
        <p className="break-words text-muted-foreground">
          {extra.map(([key, value]) => `${key}: ${show(value)}`).join(' · ')}
        </p>
      )}
    </div>
  )
}
