import { describe, expect, it } from 'vitest';
import { escapeHtml, html, SafeHtml } from './html.ts';

describe('html', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
  });

  it('escapes every interpolation except nested html and SafeHtml, arrays joined', () => {
    const items = ['<b>', 'ok'].map((v) => html`<li>${v}</li>`);
    const page = html`<ul title="${'"q"'}">${items}${new SafeHtml('<hr>')}${null}${false}${0}</ul>`;
    expect(page.value).toBe('<ul title="&quot;q&quot;"><li>&lt;b&gt;</li><li>ok</li><hr>0</ul>');
  });
});
