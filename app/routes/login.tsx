import { redirect } from 'react-router'

/** The mobile menu's /login is the sign-in page. */
export function loader() {
  return redirect('/auth', 301)
}
