import * as calendarClock from 'lucide-react/icons/calendar-clock'
import { businessTimeZone } from '~/lib/time-zone'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'
import { FrameLink } from '~/ui/frame-link'
import { iconData, staticIcon } from '~/ui/static-icon'

/** One consultation request of the client's (sent signed in, or added from its confirmation e-mail), as the dashboard lists it. */
export type ConsultationRequestRow = {
  id: string
  /** ISO date-time the request was sent. */
  submittedAt: string
  /** The services asked about, as the client chose them. */
  services: string | null
  plan: string | null
  /** The booking's status in the product's words (for example received, scheduled, completed). */
  status: string
  /** The booked consultation, while there is one. */
  appointment?: { at: string; minutes: number; place: string; details: string | null } | null
}

// Made once (ui/static-icon.ts): the list is on /dashboard, an islands page drawn on every visit.
const calendarIcon = staticIcon(iconData(calendarClock), 'size-6 text-primary')

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: businessTimeZone })
const appointmentFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: businessTimeZone,
})

/** The client's consultation requests with their status, newest first; an empty state otherwise. */
export function ConsultationRequests({ requests }: { requests: readonly ConsultationRequestRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your consultation requests</h2>
        </CardTitle>
        <CardDescription>
          Requests you sent while signed in, or added with the link in their confirmation e-mail, and where each one
          stands.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {requests.length === 0 ? (
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed p-5">
            {calendarIcon}
            <p className="text-muted-foreground text-sm">
              No consultation requests yet. When you book a free consultation while signed in, it appears here with its
              status. Booked without signing in? Open the link in its confirmation e-mail while signed in.
            </p>
            <Button asChild variant="outline" size="sm">
              <FrameLink to="/book">Book a free consultation</FrameLink>
            </Button>
          </div>
        ) : (
          <ul className="divide-y">
            {[...requests]
              .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt))
              .map((request) => (
                <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="grid gap-0.5">
                    <span className="font-medium">{request.services || 'Free consultation'}</span>
                    <span className="text-muted-foreground text-sm">
                      Sent {dateFormat.format(new Date(request.submittedAt))}
                      {request.plan ? ` · ${request.plan}` : ''}
                    </span>
                    {request.appointment && (
                      <span className="text-sm" data-testid="appointment">
                        Appointment: {appointmentFormat.format(new Date(request.appointment.at))} (New York time),{' '}
                        {request.appointment.minutes} minutes · {request.appointment.place}
                        {request.appointment.details ? ` (${request.appointment.details})` : ''}
                      </span>
                    )}
                  </div>
                  <Badge variant="secondary">{request.status}</Badge>
                </li>
              ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
