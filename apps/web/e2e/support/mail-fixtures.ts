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
 * The journeys' `test` for e-mail (decision 056): the worker's usual server stays as `npm start`
 * makes it, without mail, and the journeys that need mail get a second one, started when first asked for.
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
});

export { expect } from './fixtures';
