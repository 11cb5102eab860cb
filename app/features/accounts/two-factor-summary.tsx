import { ShieldCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '~/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'

/** The Account Settings card that leads to /account/two-factor. */
export function TwoFactorSummary({ enabled }: { enabled: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Two-factor sign-in</h2>
        </CardTitle>
        <CardDescription>
          {enabled
            ? 'On: you sign in with your password and a code from your authenticator app.'
            : 'Off: add a code from an authenticator app to your password, so a stolen password alone cannot open your account.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/account/two-factor">
            <ShieldCheckIcon aria-hidden="true" />
            {enabled ? 'Manage two-factor sign-in' : 'Set up two-factor sign-in'}
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}
