import { sanitizeMailHtml } from './sanitize-mail-html';

/** A stored e-mail template: subject and HTML body with `{{Parameter}}` placeholders. */
export interface MailTemplate {
  subject: string;
  body: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const placeholder = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);
}

function fill(text: string, parameters: Record<string, string>, escape: (v: string) => string) {
  // An unknown placeholder stays visible, so a mistyped template is noticed, not hidden.
  return text.replace(placeholder, (whole, name: string) =>
    name in parameters ? escape(parameters[name]!) : whole,
  );
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * Drops the spaces and tabs that end each line. A loop, not `/[ \t]+\n/g`: that regex backtracks
 * over a long run of spaces (quadratic: 100 000 spaces held the event loop for seconds).
 */
function trimLineEnds(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let end = line.length;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
      return line.slice(0, end);
    })
    .join('\n');
}

/** The plain-text part of a mail, from its HTML: links keep their address, tags go. */
export function htmlToText(html: string): string {
  const plain = html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_all, href: string, label) => {
      const text = String(label)
        .replace(/<[^>]+>/g, '')
        .trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<hr\s*\/?>/gi, '\n----\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|pre|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_all, name: string) => entities[name]!);
  return trimLineEnds(plain)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Fills a template's placeholders. Values are HTML-escaped in the body (a user's name cannot
 * inject markup or links) and used as they are in the subject, which is plain text: one line,
 * whatever the template (an unsaved one previewed or test-mailed) or the values hold.
 * The filled body is sanitised (see sanitizeMailHtml), whatever the stored template holds, so a
 * value filled into a link's address cannot make it a `javascript:` link either; the plain-text
 * part is made from the sanitised HTML.
 *
 * @example
 * renderTemplate({ subject: 'Hello {{UserName}}', body: '<p>{{UserName}}</p>' }, { UserName: 'A&B' })
 * // { subject: 'Hello A&B', html: '<p>A&amp;B</p>', text: 'A&B' }
 */
export function renderTemplate(
  template: MailTemplate,
  parameters: Record<string, string>,
): RenderedMail {
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const subject = oneLine(fill(template.subject, parameters, oneLine));
  const html = sanitizeMailHtml(fill(template.body, parameters, escapeHtml));
  return { subject, html, text: htmlToText(html) };
}
