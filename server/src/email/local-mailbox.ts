// The local mailbox of the embedded mode (issue 13: without SMTP nobody but an admin could read
// an email, so nobody could reset their own password locally). Only `npm start` without SMTP_URL
// and outside production installs it, as the mailer: the outbox "sends" each email into this
// in-memory box (the token-bearing links filled in, as for SMTP) and prints one link per message
// to the console: `APP_URL/dev/mailbox/<id>?k=<key>`. The key is 24 random bytes, kept only as a
// SHA-256: the message can be read by whoever has that link (the person at the console, who runs
// Pauta and owns its data anyway) and by its recipient signed in (GET /dev/mailbox lists the
// session's own emails). No other route reads it; it forgets everything on restart (a reset link
// lasts 30 minutes anyway) and keeps the latest MAILBOX_CAPACITY messages.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Request, type Response, Router } from 'express';
import { cookieNames, readCookie } from '../auth/cookies.js';
import { validateSessionToken } from '../auth/session.js';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';
import type { Mailer, OutgoingEmail } from './mailer.js';

export const MAILBOX_PATH = '/dev/mailbox';
const MAILBOX_CAPACITY = 500;

interface StoredMessage extends OutgoingEmail {
  id: string;
  keyHash: Buffer;
  /** Kept to build the recipient's own links in the list (never logged again, never listed to others). */
  key: string;
  receivedAt: Date;
}

const hash = (key: string) => createHash('sha256').update(key).digest();

export class LocalMailbox implements Mailer {
  readonly configured = true;
  private readonly messages = new Map<string, StoredMessage>();

  constructor(private readonly options: { appUrl: string; logger: Logger; now?: () => Date }) {}

  /** The link to one message (what the console shows). */
  linkTo(message: Pick<StoredMessage, 'id' | 'key'>): string {
    return `${this.options.appUrl.replace(/\/+$/, '')}${MAILBOX_PATH}/${message.id}?k=${message.key}`;
  }

  async send(email: OutgoingEmail): Promise<void> {
    const key = randomBytes(24).toString('base64url');
    const message: StoredMessage = {
      ...email,
      id: randomUUID(),
      key,
      keyHash: hash(key),
      receivedAt: this.options.now?.() ?? new Date(),
    };
    // Attachments (a report's PDF) are kept with the message and offered for download on its page.
    this.messages.set(message.id, message);
    while (this.messages.size > MAILBOX_CAPACITY) {
      const oldest = this.messages.keys().next().value;
      if (oldest === undefined) break;
      this.messages.delete(oldest);
    }
    this.options.logger.info(
      `Email para ${email.to} — "${email.subject}". Caixa de entrada local: ${this.linkTo(message)}`,
    );
  }

  /** The message when `key` is its key; null otherwise (unknown id, wrong key, forgotten). */
  open(id: string, key: string): (OutgoingEmail & { receivedAt: Date }) | null {
    const message = this.messages.get(id);
    if (message === undefined) return null;
    const given = hash(key);
    if (!timingSafeEqual(given, message.keyHash)) return null;
    return {
      to: message.to,
      subject: message.subject,
      html: message.html,
      receivedAt: message.receivedAt,
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    };
  }

  /** Messages to `email`, newest first, with their links (for the signed-in recipient). */
  inbox(email: string): { subject: string; receivedAt: Date; link: string }[] {
    const wanted = email.trim().toLowerCase();
    return [...this.messages.values()]
      .filter((m) => m.to.trim().toLowerCase() === wanted)
      .reverse()
      .map((m) => ({ subject: m.subject, receivedAt: m.receivedAt, link: this.linkTo(m) }));
  }

  close(): void {}
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      // The email's own HTML is shown inline: no script can run, nothing is loaded but images.
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'",
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    })
    .send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f6f7f9;color:#1f2328}
header{background:#fff;border-bottom:1px solid #ddd;padding:12px 16px}
header strong{font-size:16px}header p{margin:4px 0 0;color:#555;font-size:13px}
main{max-width:720px;margin:16px auto;padding:0 12px}
.card{background:#fff;border:1px solid #ddd;border-radius:8px;padding:16px;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0 0 12px;font-size:14px}dt{color:#555}
ul{list-style:none;padding:0;margin:0}li{padding:8px 0;border-bottom:1px solid #eee}li:last-child{border:0}
.when{color:#666;font-size:13px}
h1{font-size:20px;margin:0 0 12px;overflow-wrap:anywhere}header a{font-size:13px}
</style></head><body>
<header><strong>Caixa de entrada local da Pauta</strong><p>Só existe no modo embutido, sem SMTP: os emails não saem desta máquina. <a href="/">Voltar para a Pauta</a></p></header>
<main>${body}</main></body></html>`);
}

/** In the machine's own time zone: the mailbox is read on the machine that runs Pauta. */
const when = (date: Date) => date.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** GET /dev/mailbox (the signed-in user's emails) and GET /dev/mailbox/:id?k=key (one email). */
export function localMailboxRouter(
  deps: Pick<AppDeps, 'db' | 'env' | 'logger'>,
  mailbox: LocalMailbox,
): Router {
  const router = Router();
  const names = cookieNames(deps.env.appUrl);

  router.get('/:id/anexos/:index', (req: Request<{ id: string; index: string }>, res) => {
    const key = typeof req.query.k === 'string' ? req.query.k : '';
    const message = key === '' ? null : mailbox.open(req.params.id, key);
    const file = message?.attachments?.[Number(req.params.index)];
    if (!file) {
      res.status(404).type('text/plain; charset=utf-8').send('Anexo não encontrado.');
      return;
    }
    res
      .status(200)
      .set({
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(file.content);
  });

  router.get('/:id', (req: Request<{ id: string }>, res) => {
    const key = typeof req.query.k === 'string' ? req.query.k : '';
    const message = key === '' ? null : mailbox.open(req.params.id, key);
    if (message === null) {
      page(
        res,
        404,
        'Email não encontrado',
        '<div class="card"><h1>Email não encontrado</h1><p>O link está incompleto ou a Pauta foi reiniciada (a caixa local fica só na memória). Peça o email de novo — por exemplo, "Esqueceu sua senha?" outra vez.</p></div>',
      );
      return;
    }
    const files = (message.attachments ?? [])
      .map(
        (file, index) =>
          `<a href="${MAILBOX_PATH}/${escapeHtml(req.params.id)}/anexos/${index}?k=${encodeURIComponent(key)}">${escapeHtml(file.filename)}</a>`,
      )
      .join(', ');
    const attachments = files ? `<dt>Anexos</dt><dd>${files}</dd>` : '';
    page(
      res,
      200,
      message.subject,
      `<div class="card"><dl><dt>Para</dt><dd>${escapeHtml(message.to)}</dd><dt>Assunto</dt><dd>${escapeHtml(message.subject)}</dd><dt>Recebido</dt><dd>${escapeHtml(when(message.receivedAt))}</dd>${attachments}</dl><hr>${message.html}</div>`,
    );
  });

  router.get('/', async (req, res) => {
    const token = readCookie(req, names.session);
    const session = token ? await validateSessionToken(deps.db, token).catch(() => null) : null;
    if (!session) {
      page(
        res,
        200,
        'Caixa de entrada local',
        `<div class="card"><p>Cada email aparece no terminal onde a Pauta roda, com o link para abri-lo aqui. Para ver os seus, <a href="/auth">entre na sua conta</a>.</p></div>`,
      );
      return;
    }
    const items = mailbox.inbox(session.email);
    const list =
      items.length === 0
        ? '<p>Nenhum email para você desde que a Pauta iniciou.</p>'
        : `<ul>${items.map((m) => `<li><a href="${escapeHtml(m.link)}">${escapeHtml(m.subject)}</a><div class="when">${escapeHtml(when(m.receivedAt))}</div></li>`).join('')}</ul>`;
    page(
      res,
      200,
      'Caixa de entrada local',
      `<div class="card"><h1>Emails para ${escapeHtml(session.email)}</h1>${list}</div>`,
    );
  });
  return router;
}
