// Escaping for HTML the server writes itself (reports, e-mails): every interpolated value is text.
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => entities[c]);
}

/** Markup that is already safe: produced by `html` or written by us, never from user input. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/**
 * A template tag that escapes every interpolation unless it is SafeHtml (or an array of them), so
 * forgetting to escape a value is impossible: html`<td>${variety}</td>`.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/**
 * A whole printable page (the price report, the billing statement): the document shell with its
 * title as both <title> and <h1>, the page's own styles, then `body`. A page served from the app
 * (`icon`) names the app's icon, so the browser does not ask for /favicon.ico and log a 404; a
 * downloaded file links to nothing.
 */
export function printableDocument(
  title: string,
  styles: SafeHtml,
  body: SafeHtml,
  { icon = false, lang = 'en' }: { icon?: boolean; lang?: string } = {},
): string {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${icon ? html`<link rel="icon" href="/favicon.svg" type="image/svg+xml">` : ''}
<title>${title}</title>
<style>${styles}</style>
</head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>
`.value;
}
