import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

// Loaded on the first mail or template saved, not by every start (with its HTML parser and
// postcss, some 50 ms of CPU); a plain require keeps sanitizeMailHtml synchronous.
const requirePackage = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | undefined;

/** A whole `{{Name}}` placeholder, as a link's address before the mail is filled in. */
const placeholderHref = /^\{\{\s*[A-Za-z][\w.]*\s*\}\}$/;
const allowedHref = /^(https?:\/\/|mailto:)/i;

/**
 * What a template's body may hold: the formatting the editor makes (paragraphs, breaks, bold,
 * italic, underline, strike, headings, lists, quotes, code, rules) and links to http, https and
 * mailto addresses or to a whole `{{Parameter}}`. No scripts, styles, event handlers, forms,
 * frames or images (a remote image would tell a sender when the mail is read).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  // Schemes are checked below with the placeholder; sanitize-html's own check runs too.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const kept = allowedHref.test(href) || placeholderHref.test(href);
      const only: sanitizeHtml.Attributes = kept ? { href } : {};
      return { tagName, attribs: only };
    },
  },
};

/**
 * A template body (or a mail made from one) as it may be stored and sent: tags, attributes and
 * link addresses outside the allowed set are dropped, their text kept; script and style
 * contents go altogether.
 *
 * @example sanitizeMailHtml('<p onclick="x()">Hi <script>x()</script><a href="javascript:x()">a</a></p>')
 * // '<p>Hi <a>a</a></p>'
 */
export function sanitizeMailHtml(html: string): string {
  sanitizer ??= requirePackage('sanitize-html') as typeof sanitizeHtml;
  return sanitizer(html, options);
}
