import { HouseIcon, LogOutIcon, ServerCogIcon } from 'lucide-react'
import * as house from 'lucide-react/icons/house'
import * as logOut from 'lucide-react/icons/log-out'
import * as serverCog from 'lucide-react/icons/server-cog'
import * as triangleAlert from 'lucide-react/icons/triangle-alert'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { iconData, staticIcon } from './static-icon'

/** The attributes of the markup, in a fixed order, so two <svg>s compare by what they say. */
function normalised(markup: string): string {
  return markup.replace(/<(\w+)([^>]*?)(\/?)>/g, (_all, tag: string, attrs: string, close: string) => {
    const list = [...attrs.matchAll(/([\w-:]+)="([^"]*)"/g)].map((m) => `${m[1]}="${m[2]}"`).sort()
    return `<${tag} ${list.join(' ')}${close}>`
  })
}

describe('staticIcon', () => {
  it('draws the same svg as the lucide component', () => {
    expect(normalised(renderToStaticMarkup(staticIcon(iconData(logOut))))).toBe(
      normalised(renderToStaticMarkup(<LogOutIcon aria-hidden="true" />)),
    )
    expect(normalised(renderToStaticMarkup(staticIcon(iconData(serverCog), 'size-5 shrink-0 text-primary')))).toBe(
      normalised(renderToStaticMarkup(<ServerCogIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />)),
    )
    // An icon with an alias keeps the alias's class (lucide-home).
    expect(normalised(renderToStaticMarkup(staticIcon(iconData(house), 'size-5')))).toBe(
      normalised(renderToStaticMarkup(<HouseIcon className="size-5" aria-hidden="true" />)),
    )
  })
  it('refuses a module that is not an icon (an old name that only re-exports the component)', () => {
    expect(() => iconData(triangleAlert)).toThrow(/not an icon module/)
  })
})
