// Sending one email: nodemailer over SMTP_URL. Without SMTP_URL the mailer is "not configured"
// and the outbox keeps the message (status 'stored') for administrators to read.
import nodemailer from 'nodemailer';

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  /** Files sent with the message (a report's PDF, read from media storage at send time). */
  attachments?: EmailAttachment[];
}

export interface Mailer {
  readonly configured: boolean;
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface MailerConfig {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
}

/** Longest wait for each SMTP step (connect, greeting, socket idle). */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(config: MailerConfig): Mailer {
  if (!config.SMTP_URL) {
    return {
      configured: false,
      send: async () => {
        throw new Error('SMTP não configurado');
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    configured: true,
    async send(email) {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        html: email.html,
        ...(email.attachments?.length ? { attachments: email.attachments } : {}),
      });
    },
    close: () => transport.close(),
  };
}

const mailers = new Map<string, Mailer>();

/** One mailer per configuration, shared by the requests and the outbox sender of a process. */
export function mailerFor(config: MailerConfig): Mailer {
  const key = `${config.SMTP_URL ?? ''}\n${config.MAIL_FROM}`;
  let mailer = mailers.get(key);
  if (!mailer) {
    mailer = createMailer(config);
    mailers.set(key, mailer);
  }
  return mailer;
}
