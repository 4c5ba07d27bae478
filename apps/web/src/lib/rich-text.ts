import sanitizeHtml from 'sanitize-html';
import { isBuiltRoute } from './built-routes';

/**
 * The one way content HTML from the content system (news, custom pages, campaigns, landing pages,
 * footer and contact blocks, the marketing popup) reaches a page: through sanitize-html, on the
 * server, with the tags the editors' content uses (apps/platform/src/content/seed) and nothing
 * that runs: no script, style, iframe, event handler or style attribute, and links only to
 * https, http, mailto, tel or this site. A link that opens a new tab gets rel="noopener noreferrer".
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    // data-cc opens the cookie settings (vanilla-cookieconsent) from a footer link.
    a: ['href', 'target', 'rel', { name: 'data-cc', values: ['show-preferencesModal'] }],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: {
    // A new tab never gets a handle on this page; no other target (a frame's name, _top) is kept.
    // A link to a page this build does not have yet (lib/built-routes.ts) keeps its words, not its link.
    a: (tagName, { target, rel, ...attribs }) =>
      isUnbuiltSitePath(attribs.href)
        ? { tagName: 'span', attribs: {} }
        : {
            tagName,
            attribs:
              target === '_blank'
                ? { ...attribs, target, rel: 'noopener noreferrer' }
                : { ...attribs, ...(rel && !/\bopener\b/i.test(rel) ? { rel } : {}) },
          },
  },
};

/** A link to a path of this site whose page is not built yet; anything else is the sanitiser's to judge. */
function isUnbuiltSitePath(href: string | undefined): boolean {
  return !!href && href.startsWith('/') && !href.startsWith('//') && !isBuiltRoute(href);
}

export function sanitizeRichText(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}

/** For `dangerouslySetInnerHTML={richText(html)}`: the only form the storefront renders content HTML in. */
export function richText(html: string | null | undefined): { __html: string } {
  return { __html: sanitizeRichText(html) };
}
