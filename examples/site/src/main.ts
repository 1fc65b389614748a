// `npm run example`: the example blog against a running Masthead, configured from the environment.
import { ConfigError, configFromEnvironment } from './config.js';
import { startSite } from './site.js';

let options;
try {
  options = configFromEnvironment(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const site = await startSite(options).catch((error: NodeJS.ErrnoException) => {
  console.error(`The example site cannot listen on ${options.host}:${options.port}: ${error.message}`);
  process.exit(1);
});
console.log(`The example blog is on ${site.url}, reading ${options.mastheadUrl} (${options.domain}).`);
console.log(`Masthead's webhook for it: ${site.url}/webhooks/masthead`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void site.close().then(() => process.exit(0));
  });
