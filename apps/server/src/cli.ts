// The admin command line: `npm run masthead -- <command>` (DESIGN §1). The work is in cli/.
import { runCli } from './cli/run-cli.js';

// Setting the exit code, rather than calling process.exit(), lets pending output reach a pipe first.
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
});
