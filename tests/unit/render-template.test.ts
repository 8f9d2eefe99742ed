import { describe, expect, it } from 'vitest';
import { htmlToText, renderTemplate } from '../../server/mail/render-template';
import { sanitizeMailHtml } from '../../server/mail/sanitize-mail-html';
import { sampleParameters } from '../../server/mail/sample-parameters';
import { languageChain } from '../../server/mail/template-mail';

describe('sanitising a template body', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<h2>Title</h2><p>A <strong>b</strong> <b>c</b> <em>d</em> <i>e</i> <u>f</u> <s>g</s><br></p>' +
      '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>x &lt; y</code></pre><hr>';
    expect(sanitizeMailHtml(html)).toBe(html.replace('<br>', '<br />').replace('<hr>', '<hr />'));
  });

  it('drops scripts, styles, event handlers, frames, forms and images', () => {
    const html =
      '<p onclick="x()" style="color:red" class="c">Hi<script>alert(1)</script></p>' +
      '<style>p{}</style><iframe src="https://evil.example"></iframe>' +
      '<img src="https://tracker.example/p.gif" onerror="x()"><form><input name="a"></form>' +
      '<svg onload="x()"><a href="javascript:alert(1)">svg</a></svg>';
    expect(sanitizeMailHtml(html)).toBe('<p>Hi</p><a>svg</a>');
  });

  it('keeps links to http, https, mailto and whole placeholders only', () => {
    const links = [
      'https://example.com/a?b=1&c=2',
      'http://example.com',
      'mailto:jo@example.com',
      '{{Link}}',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/relative',
      '{{Link}}javascript:x',
    ].map((href) => `<a href="${href}" target="_blank" rel="x">l</a>`);
    expect(sanitizeMailHtml(links.join(''))).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2">l</a><a href="http://example.com">l</a>' +
        '<a href="mailto:jo@example.com">l</a><a href="{{Link}}">l</a>' +
        '<a>l</a><a>l</a><a>l</a><a>l</a><a>l</a><a>l</a>',
    );
  });
});

describe('rendering a mail', () => {
  it('escapes values in the body, keeps the subject one line and sanitises what is filled in', () => {
    const mail = renderTemplate(
      {
        subject: 'Hi {{Name}}',
        body: '<p>Hi {{Name}}</p><p><a href="{{Link}}">go</a></p><p onclick="x()">{{Missing}}</p>',
      },
      { Name: '<b>Jo</b>\r\nBcc: x@example.com', Link: 'javascript:alert(1)' },
    );
    expect(mail.subject).toBe('Hi <b>Jo</b> Bcc: x@example.com');
    expect(mail.html).toBe(
      '<p>Hi &lt;b&gt;Jo&lt;/b&gt;\r\nBcc: x@example.com</p><p><a>go</a></p><p>{{Missing}}</p>',
    );
    expect(mail.text).toContain('Hi <b>Jo</b>');
  });

  it('makes a plain-text part with links, lists and paragraphs', () => {
    expect(
      htmlToText(
        '<h2>News</h2><p>See <a href="https://example.com">the site</a>.</p><ul><li>one</li><li>two</li></ul>',
      ),
    ).toBe('News\n\nSee the site (https://example.com).\n\n- one\n- two');
  });

  it('fills sample values, the parameter’s name in brackets for unknown ones', () => {
    expect(sampleParameters([{ Title: 'UserName' }, { Title: 'Site' }], 'App')).toEqual({
      UserName: 'Alex Example',
      Site: '[Site]',
      AppName: 'App',
    });
  });

  it('looks for the recipient’s language, then the default one', () => {
    expect(languageChain('de-de', null, 'en-gb')).toEqual(['de-de', 'en-gb']);
    expect(languageChain(undefined, '')).toEqual(['en-gb']);
  });
});
