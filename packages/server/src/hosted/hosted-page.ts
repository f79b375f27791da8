// The small HTML pages the hosted endpoints (/logout, /confirmUser) show a person in a browser.

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** A plain page with a title, one paragraph and a closing hint. */
export function hostedPage(title: string, detail: string, hint: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}code{background:#f3f4f6;padding:0 .2rem}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>
<p>${escapeHtml(hint)}</p></body></html>`;
}
