/**
 * The inline script that starts the app's JavaScript once the server-rendered page has been
 * painted (docs/frontend-performance.md, "Paint first").
 *
 * React Router's <Scripts> asks for every module of the page at once (module preloads in <head>,
 * then a module script that imports the route modules and the client entry). On a slow link those
 * downloads share the bandwidth with the stylesheet, and evaluating them delays the first paint of
 * HTML that is already there. This script holds them back until the page has been painted: the
 * browser reports its first contentful paint (which it does once the frame is on screen), and two
 * more frames have passed, so the frame holding the whole page (this script is the last thing in
 * it) is on screen too. Then it adds the same module preloads (five per task: each starts a
 * request, which costs the main thread about a millisecond on a slow phone) and the same module
 * script, with this response's CSP nonce. A page opened in a background tab (no frames are drawn there) starts
 * at once; a browser without paint timing starts after one frame; and none waits more than 3 s.
 */
export function appLoaderScript(modulePreloads: readonly string[], moduleCode: string): string {
  return `(function(w,d,h,c){var n=d.currentScript&&d.currentScript.nonce,done=false,P=w.PerformanceObserver,o;function go(){if(done)return;done=true;if(o)o.disconnect();add(0)}function add(i){for(var e=Math.min(i+5,h.length);i<e;i++){var l=d.createElement('link');l.rel='modulepreload';l.href=h[i];d.head.appendChild(l)}if(i<h.length)return w.setTimeout(function(){add(i)},0);var s=d.createElement('script');s.type='module';if(n)s.nonce=n;s.textContent=c;d.head.appendChild(s)}function after(frames){w.requestAnimationFrame(function(){if(frames>1)after(frames-1);else w.setTimeout(go,0)})}if(d.visibilityState==='hidden')return go();if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return after(1);w.setTimeout(go,3000);o=new P(function(list){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();after(2)}});o.observe({type:'paint',buffered:true})})(window,document,${scriptJson(modulePreloads)},${scriptJson(moduleCode)})`
}

/** JSON that cannot close the <script> element it sits in (nor be cut by a line separator). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
