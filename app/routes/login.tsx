import { redirect } from 'react-router'

/** The mobile menu's /login (spec §2) is the sign-in page. */
export function loader() {
  return redirect('/auth', 301)
}
