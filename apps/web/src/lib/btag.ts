/** The cookie keeping a partner's btag (proxy.ts keepBtag; spec §3 client-side stored values). */
export const BTAG_COOKIE = 'krone_btag';
