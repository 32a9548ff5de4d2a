import { Router } from 'express';
import type { OutboxMailer, StoredMail } from '../../providers/mailer';
import { escapeHtml } from './mail-templates';

/** URLs in the text part become links, so a reset link can be followed from the page. */
function linkify(escapedText: string): string {
  return escapedText.replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" rel="noreferrer">${url}</a>`,
  );
}

function mailSection(mail: StoredMail): string {
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">Para <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></p>
<pre>${linkify(escapeHtml(mail.text))}</pre>
<details><summary>Versão HTML</summary>
<iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
</details>
</article>`;
}

export function outboxPage(mails: StoredMail[]): string {
  const body =
    mails.length === 0 ? '<p>Nenhum e-mail enviado ainda.</p>' : mails.map(mailSection).join('\n');
  return `<!doctype html>
<html lang="pt">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Caixa de saída (desenvolvimento)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:880px;margin:0 auto;padding:16px;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:8px;padding:12px 16px;margin:16px 0}
h2{font-size:18px;margin:0 0 4px}.meta{color:#475569;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;background:#f8fafc;padding:8px}
iframe{width:100%;height:480px;border:1px solid #e2e8f0}a{color:#1d4ed8}
</style>
</head>
<body>
<h1>Caixa de saída (desenvolvimento)</h1>
<p>Sem <code>SMTP_URL</code>, os e-mails ficam aqui em vez de serem enviados. Os mais recentes primeiro.</p>
${body}
</body>
</html>`;
}

/**
 * `GET /api/dev/outbox` (JSON) and `GET /dev/outbox` (a page): the mails the outbox kept. Mounted
 * only when the outbox is the mailer, which the config never chooses in production.
 */
export function devOutboxRoutes(outbox: OutboxMailer): Router {
  const router = Router();
  router.get('/api/dev/outbox', async (_req, res) => {
    const mails = await outbox.list();
    res.set('Cache-Control', 'no-store').json({ success: true, mails });
  });
  router.get('/dev/outbox', async (_req, res) => {
    const mails = await outbox.list();
    res.set('Cache-Control', 'no-store').type('html').send(outboxPage(mails));
  });
  return router;
}
