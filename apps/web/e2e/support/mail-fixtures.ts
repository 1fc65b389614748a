import { startTestMailServer, type TestMailServer } from '../../../server/test/helpers/test-mail-server';
import { startServerWithMail, type Account } from './e2e-server';
import { test as base } from './fixtures';

// The server's own test SMTP server (smtp-server, read with mailparser), shared rather than copied:
// the journeys read mail exactly as the integration tests do.
export { linkIn } from '../../../server/test/helpers/test-mail-server';

export interface MailWorkerFixtures {
  /** A server with SMTP_URL (its own data folder and demo account) and the mailbox it sends to. */
  mailing: { url: string; demo: Account; mail: TestMailServer };
}

/**
 * The journeys' `test` for e-mail (decision 056): the other journeys' servers stay as `npm start`
 * makes them, without mail, and these get a server of their own with SMTP_URL.
 */
export const test = base.extend<object, MailWorkerFixtures>({
  mailing: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const mail = await startTestMailServer();
      const server = await startServerWithMail(workerInfo.workerIndex, mail.url);
      try {
        await use({ url: server.url, demo: server.demo, mail });
      } finally {
        await server.stop();
        await mail.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // Playwright gives these journeys a worker of their own (they add a worker fixture): pointing
  // baseURL at the mailing server spares that worker the usual server's start.
  baseURL: async ({ mailing }, use) => use(mailing.url),
});

export { expect } from './fixtures';
