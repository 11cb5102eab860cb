import { CONSENT_MAX_AGE_MONTHS, CONSENT_POLICY_VERSION, CONSENT_STORAGE_KEY } from './policy'

export const GTM_ORIGIN = 'https://www.googletagmanager.com'

/**
 * The inline script at the top of <head>. It runs before any tag can load: it creates
 * window.dataLayer and gtag(), pushes the Google consent mode v2 default (everything denied unless
 * a valid saved choice says otherwise), and only then, when a container is configured, adds the
 * Google Tag Manager script with this response's CSP nonce.
 *
 * It repeats readSavedConsent + effectiveChoices from ./policy in a few lines of plain ES5, because
 * it must run before the app's modules load; head-script.test.ts checks both agree.
 */
export function tagLayerScript(gtmId: string | null): string {
  const settings = {
    key: CONSENT_STORAGE_KEY,
    version: CONSENT_POLICY_VERSION,
    months: CONSENT_MAX_AGE_MONTHS,
    gtm: gtmId ? `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}` : null,
  }
  return `(function(w,d,c){var l=w.dataLayer=w.dataLayer||[];function g(){l.push(arguments)}w.gtag=g;var a=false,m=false;try{var s=JSON.parse(w.localStorage.getItem(c.key)||'null');if(s&&s.version===c.version&&typeof s.analytics==='boolean'&&typeof s.marketing==='boolean'&&typeof s.savedAt==='string'&&typeof s.consentId==='string'){var e=new Date(s.savedAt);e.setUTCMonth(e.getUTCMonth()+c.months);if(Date.now()<e.getTime()){a=s.analytics;m=s.marketing&&(w.navigator.globalPrivacyControl!==true||s.gpc===true)}}}catch(x){}function v(o){return o?'granted':'denied'}g('consent','default',{analytics_storage:v(a),ad_storage:v(m),ad_user_data:v(m),ad_personalization:v(m)});if(c.gtm){l.push({'gtm.start':new Date().getTime(),event:'gtm.js'});var j=d.createElement('script');j.async=true;j.src=c.gtm;var n=d.currentScript&&d.currentScript.nonce;if(n)j.nonce=n;d.head.appendChild(j)}})(window,document,${scriptJson(settings)})`
}

/** JSON that cannot close the <script> element it sits in. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
