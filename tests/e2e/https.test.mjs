// Browser end-to-end test of a club's server over HTTPS: `sandtable serve --tls-cert --tls-key` on a
// throwaway self-signed certificate for a name that is not loopback (sandtable.test, which Chromium is told
// to resolve to 127.0.0.1, and the server to answer with --public-name), so the page is a secure context
// because of HTTPS alone, and the app's commands answer through it.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/https.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bin, launchBrowser, root } from './harness.mjs';

const NAME = 'sandtable.test';

let scratch, server, port, browser;

function serve() {
  const ui = resolve(root, process.env.SANDTABLE_UI ?? 'ui/dist');
  const db = join(scratch, 'e2e.db');
  const tls = ['--tls-cert', join(scratch, 'cert.pem'), '--tls-key', join(scratch, 'key.pem')];
  const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--ui', ui, '--db', db, ...tls, '--public-name', NAME];
  const child = spawn(bin, args, {
    cwd: root,
    env: { ...process.env, SANDTABLE_DB: db, SANDTABLE_SCENARIOS: join(scratch, 'scenarios') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (d) => (said += d));
  return new Promise((ok, fail) => {
    child.on('exit', (code) => fail(new Error(`sandtable serve exited with ${code}: ${said}`)));
    child.stdout.on('data', (d) => {
      said += d;
      const found = /https:\/\/127\.0\.0\.1:(\d+)/.exec(said);
      if (found) ok({ child, port: Number(found[1]) });
    });
  });
}

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'sandtable-https-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2',
    '-keyout', join(scratch, 'key.pem'), '-out', join(scratch, 'cert.pem'),
    '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`,
  ], { stdio: 'ignore' });
  ({ child: server, port } = await serve());
  browser = await launchBrowser([`--host-resolver-rules=MAP ${NAME} 127.0.0.1`]);
});

after(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
});

test('the app opens over HTTPS by its public name, as a secure page, and its commands answer', async () => {
  // The certificate is self-signed: the browser is told to accept it, as a club's member would once.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`https://${NAME}:${port}/`);
  assert.equal(await page.evaluate(() => location.protocol), 'https:');
  assert.equal(await page.evaluate(() => window.isSecureContext), true, 'a secure context by HTTPS, not by loopback');
  // The scenario list comes from a command (POST /api/list_scenarios) over the same connection's scheme.
  await page.getByText('Holding the Legation Wall').first().waitFor();
  await context.close();
});
