// The README's first command, exactly as a new user runs it: `npm start` with nothing configured
// (PGlite in a fresh data folder, local storage, the built-in sign-in with the demo), on whatever
// Node is on the PATH. .ci/run runs it on the machine's Node 20, which the full suite no longer uses
// (decision 037). It fails unless the server comes up, prints the demo's password, serves the web
// app, the sign-in provider and a 401 body for /cms, and stops cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 180_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function expectStatus(url, status, check = () => true) {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== status || !check(body)) {
    throw new Error(`${url} answered ${response.status} (expected ${status}): ${body.slice(0, 300)}`);
  }
  return body;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthead-start-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

function waitFor(pattern) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${pattern}" within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const poll = setInterval(() => {
      if (!pattern.test(output)) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    }, 100);
    void exited.then(({ code }) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before printing "${pattern}"`));
    });
  });
}

let failed = false;
try {
  await waitFor(/Demo password: \S+/);
  await waitFor(/Masthead is running at/);
  await expectStatus(`${base}/readyz`, 200);
  await expectStatus(`${base}/`, 200, (body) => body.includes('<div id="root">'));
  await expectStatus(`${base}/oidc/.well-known/openid-configuration`, 200, (body) =>
    body.includes(`"issuer":"${base}/oidc"`),
  );
  await expectStatus(`${base}/cms/user/info`, 401, (body) => JSON.parse(body).error === 'Unauthorized');
  // The whole npm process group: npm, its shell and the server.
  process.kill(-child.pid, 'SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0 && signal !== 'SIGTERM') throw new Error(`npm start stopped with ${code ?? signal}`);
  console.log(
    `npm start on Node ${process.version}: up, demo printed, web app, sign-in and /cms answered, stopped cleanly`,
  );
} catch (error) {
  failed = true;
  console.error(
    `!!! npm start smoke failed on Node ${process.version}: ${error.message}\n--- output ---\n${output}`,
  );
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
