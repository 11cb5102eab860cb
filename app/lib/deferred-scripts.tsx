import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts, type ScriptsProps } from 'react-router'
import { appLoaderScript } from '~/lib/app-loader-script'

type ElementProps = {
  rel?: string
  href?: string
  type?: string
  children?: ReactNode
  dangerouslySetInnerHTML?: { __html: string }
}

/**
 * React Router's <Scripts>, with the app's modules requested after the first paint instead of
 * from <head> (lib/app-loader-script.ts says why). Everything else it renders (the hydration
 * context script, an import map) stays as it is.
 */
export function DeferredScripts(props: ScriptsProps) {
  // Called, not rendered: its hooks run as this component's own, in the same order every render,
  // and what it returns is rewritten below. Null once the page has hydrated.
  const rendered: ReactNode = Scripts(props)
  const modulePreloads: string[] = []
  let moduleCode: string | null = null
  const kept: ReactElement[] = []

  const visit = (node: ReactNode) => {
    Children.forEach(node, (child) => {
      if (!isValidElement<ElementProps>(child)) return
      if (child.type === Fragment) visit(child.props.children)
      else if (child.type === 'link' && child.props.rel === 'modulepreload' && child.props.href) {
        modulePreloads.push(child.props.href)
      } else if (child.type === 'script' && child.props.type === 'module') {
        moduleCode = child.props.dangerouslySetInnerHTML?.__html ?? null
      } else kept.push(child)
    })
  }
  visit(rendered)

  if (moduleCode === null) return rendered
  return (
    <>
      {kept}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; its inputs are React Router's module list and code, JSON escaped for <script>.
        dangerouslySetInnerHTML={{ __html: appLoaderScript([...new Set(modulePreloads)], moduleCode) }}
      />
    </>
  )
}
