import { redirect } from 'react-router'
import { homeSections } from '~/content/catalog'

/** /contact is the contact section of the home page. */
export function loader() {
  return redirect(`/#${homeSections.contact}`, 301)
}
