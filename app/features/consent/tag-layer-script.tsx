import { tagLayerScript } from '~/features/consent/head-script'

/**
 * The first script of every page: window.dataLayer, the consent mode default, then (only when a
 * container is configured) Google Tag Manager. Render it at the top of <head> with the CSP nonce.
 */
export function TagLayerScript({ nonce, gtmId }: { nonce: string | undefined; gtmId: string | null }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; its only inputs are a validated GTM_ID and JSON escaped for <script>.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: tagLayerScript(gtmId) }} />
}
