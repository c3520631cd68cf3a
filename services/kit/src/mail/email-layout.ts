/** One email, written once and rendered as both plain text and HTML. */
export interface EmailContent {
  subject: string;
  /** The first line: who it is for or what happened. */
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a bare link in text. */
  action?: { label: string; url: string };
  /** Small print under a rule: why this mail came, how to stop it. */
  footer?: string[];
  /** A link in the footer (an unsubscribe link). */
  footerLink?: { label: string; url: string };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const { subject, greeting, paragraphs, action, footer = [], footerLink } = content;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footer.length || footerLink ? ['--', ...footer] : []),
    ...(footerLink ? [`${footerLink.label}: ${footerLink.url}`] : []),
  ].join('\n');

  const p = (body: string, style = 'margin:0 0 16px') => `<p style="${style}">${body}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:800;font-size:20px;color:#4338ca">PODZ</p>
${p(escapeHtml(greeting))}
${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join('\n')}
${
  action
    ? p(
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a>`,
        'margin:24px 0',
      ) +
      p(
        `Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a>`,
        'margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all',
      )
    : ''
}
${footer.length || footerLink ? '<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">' : ''}
${footer.map((line) => p(escapeHtml(line), 'margin:0 0 8px;font-size:12px;color:#64748b')).join('\n')}
${footerLink ? p(`<a href="${escapeHtml(footerLink.url)}" style="color:#64748b">${escapeHtml(footerLink.label)}</a>`, 'margin:0;font-size:12px') : ''}
</div>
</body></html>`;
  return { subject, text, html };
}
