import nodemailer from 'nodemailer';

/** One mail: plain text for every reader, and the same words as simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The server's way to mail people (decision 056): invitations and password resets. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The mail server could not be reached, or refused the mail: the caller answers 503. */
export class MailUnavailableError extends Error {}

/**
 * How long each step may take. A mail is sent while the person waits for the answer (an admin
 * inviting someone), so a mail server that does not answer costs seconds, never a hanging request.
 */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * A mailer on the SMTP server of SMTP_URL (nodemailer): smtp:// upgrades with STARTTLS when the
 * server offers it, smtps:// is TLS from the start. A small pool keeps connections for bursts.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 2,
    ...TIMEOUTS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
      } catch (error) {
        throw new MailUnavailableError(`The mail could not be sent: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    close: () => transport.close(),
  };
}

/** The default sender: no-reply at the host people reach the server by. */
export const defaultSender = (publicUrl: string) => `Masthead <no-reply@${new URL(publicUrl).hostname}>`;
