import { useEffect, useRef } from 'react'
import { useRevalidator } from 'react-router'

/**
 * Keeps a ticket's page live (docs/support.md#live): listens to the ticket's event stream and reloads
 * the page's data when the server says something the visitor may see changed (a reply, a status).
 * The stream carries no content; the loader decides what the visitor sees. EventSource reconnects by
 * itself after a dropped connection (a restarted server), and the stream's first event is `ready`.
 */
export function LiveTicket({ ticketId }: { ticketId: string }) {
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(`/api/support/tickets/${ticketId}/live`)
    let connected = false
    source.addEventListener('ready', () => {
      // After a reconnect, changes may have been missed while the stream was down.
      if (connected) void revalidate.current()
      connected = true
      document.documentElement.dataset.ticketLive = 'ready'
    })
    source.addEventListener('changed', () => {
      void revalidate.current()
    })
    return () => {
      source.close()
      delete document.documentElement.dataset.ticketLive
    }
  }, [ticketId])
  return null
}
