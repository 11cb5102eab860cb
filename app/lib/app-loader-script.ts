/**
 * The inline script that starts the app's JavaScript once the server-rendered page has been
 * painted (docs/frontend-performance.md, "Paint first").
 *
 * React Router's <Scripts> asks for every module of the page at once (module preloads in <head>,
 * then a module script that imports the route modules and the client entry). On a slow link those
 * downloads share the bandwidth with the stylesheet, and evaluating them delays the first paint of
 * HTML that is already there. This script holds them back until the frame after the first one,
 * then adds the same module preloads and the same module script (with this response's CSP nonce).
 * A page opened in a background tab (no frames are drawn there) starts at once.
 */
export function appLoaderScript(modulePreloads: readonly string[], moduleCode: string): string {
  return `(function(d,h,c){var n=d.currentScript&&d.currentScript.nonce;function go(){for(var i=0;i<h.length;i++){var l=d.createElement('link');l.rel='modulepreload';l.href=h[i];d.head.appendChild(l)}var s=d.createElement('script');s.type='module';if(n)s.nonce=n;s.textContent=c;d.head.appendChild(s)}if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(document,${scriptJson(modulePreloads)},${scriptJson(moduleCode)})`
}

/** JSON that cannot close the <script> element it sits in (nor be cut by a line separator). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
