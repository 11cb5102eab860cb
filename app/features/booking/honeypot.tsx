import { HONEYPOT_FIELD } from '~/features/booking/limits'

/**
 * A field people never see or reach (off screen, hidden from assistive technology, out of the tab
 * order) but form-filling bots do: a request that fills it is answered as usual and never stored.
 */
export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="-left-[10000px] absolute top-auto size-px overflow-hidden">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}
