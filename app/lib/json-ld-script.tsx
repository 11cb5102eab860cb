import { useRouteLoaderData } from 'react-router'
import { type JsonLdObject, serializeJsonLd } from '~/lib/json-ld'

type RootData = { nonce?: string; publicUrl?: string } | undefined

/** The site's absolute base URL (PUBLIC_URL), from the root loader. */
export function usePublicUrl(): string {
  return (useRouteLoaderData('root') as RootData)?.publicUrl ?? ''
}

/** Structured data for search engines, as an inline script carrying this response's CSP nonce. */
export function JsonLd({ data }: { data: JsonLdObject | readonly JsonLdObject[] }) {
  const nonce = (useRouteLoaderData('root') as RootData)?.nonce
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser hides a nonce attribute after parsing; React must not treat that as a mismatch.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, > and &.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  )
}
