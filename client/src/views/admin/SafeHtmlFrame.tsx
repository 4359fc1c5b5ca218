import DOMPurify from 'dompurify';
import { useMemo } from 'react';

interface SafeHtmlFrameProps {
  html: string;
  title: string;
  height?: number;
}

/**
 * Email HTML shown safely (docs/security.md V3): DOMPurify removes scripts, event handlers and
 * `javascript:` URLs, and the result lives in an `<iframe sandbox>` without allow-scripts or
 * allow-same-origin, so even a missed payload can neither run nor reach the app.
 */
function sanitizeEmailHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['srcset'],
  });
}

export function SafeHtmlFrame({ html, title, height = 320 }: SafeHtmlFrameProps) {
  const srcDoc = useMemo(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;margin:16px;color:#1f1f1f;word-wrap:break-word}img{max-width:100%}</style></head><body>${sanitizeEmailHtml(html)}</body></html>`,
    [html],
  );
  return (
    <iframe
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        background: '#fff',
      }}
    />
  );
}
