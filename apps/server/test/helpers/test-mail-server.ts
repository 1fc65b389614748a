import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free loopback port (smtp-server), whose received mails are parsed with
 * mailparser: the tests read what a mailbox would. `refuseNext` makes it refuse the next mail
 * with a temporary failure, as a mail server that is having trouble does.
 */
export async function startTestMailServer() {
  const inbox: ParsedMail[] = [];
  /** The mails nextMailTo has handed out already. */
  const read = new Set<ParsedMail>();
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  let refusals = 0;

  const recipients = (mail: ParsedMail) =>
    [mail.to]
      .flat()
      .flatMap((address) => address?.value ?? [])
      .map((value) => value.address?.toLowerCase());

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          const waiter = waiting.find((each) => recipients(mail).includes(each.to));
          if (waiter) {
            waiting.splice(waiting.indexOf(waiter), 1);
            read.add(mail);
            waiter.resolve(mail);
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The mails received for this address so far. */
    mailsTo: (address: string) => inbox.filter((mail) => recipients(mail).includes(address.toLowerCase())),
    /** The next mail for this address that was not handed out yet (received or to come), within `ms`. */
    nextMailTo(address: string, ms = 10_000): Promise<ParsedMail> {
      const to = address.toLowerCase();
      const received = inbox.find((mail) => !read.has(mail) && recipients(mail).includes(to));
      if (received) {
        read.add(received);
        return Promise.resolve(received);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail for ${address} within ${ms} ms`)), ms);
        waiting.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    refuseNext(count = 1) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestMailServer = Awaited<ReturnType<typeof startTestMailServer>>;

/** The first address in the mail's text that starts with this prefix. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}\\S+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}
