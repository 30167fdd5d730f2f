// The receivers printed in docs/webhooks.md (Node's plain node:http, Python's WSGI function, PHP's script), each
// written into a new folder beside its printed verifier, as a merchant would copy them, and run as a process of its
// own with its language's runtime. Changed only where the page leaves the merchant to fill in: the port (8080 there)
// and the two functions each calls, `save_once`/`saveOnce` and `queue_dispatch`/`queueDispatch`, which here print
// what they are given on stdout: `saved <paymentId> <true|false>` and `dispatch <reference>`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from '../../support/debian-package.js';
import { waitUntil } from './receiver.js';

const DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/webhooks.md');

export const PYTHON = '/usr/bin/python3';
export const PHP = '/usr/bin/php';

/** The block of docs/webhooks.md that `pattern` finds (its first group), or one clear error. */
function block(pattern: RegExp, what: string): string {
  const found = pattern.exec(readFileSync(DOC, 'utf8'))?.[1];
  if (!found) throw new Error(`docs/webhooks.md has no ${what} block`);
  return found;
}

/** `source` with `from` replaced by `to`, or an error when the page no longer prints `from`. */
function replaceOnce(source: string, from: string, to: string, what: string): string {
  if (!source.includes(from)) throw new Error(`the ${what} block no longer has ${from}`);
  return source.replace(from, to);
}

interface Written {
  command: string;
  args: string[];
  cwd: string;
}

function writeNode(port: number): Written {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-doc-'));
  writeFileSync(path.join(dir, 'verify-pasarela.mjs'), block(/```js\n\/\/ verify-pasarela\.mjs\n([\s\S]*?)```/, 'verify-pasarela.mjs'));
  const server = block(/### Plain `node:http`\n\n```js\n([\s\S]*?)```/, 'plain node:http');
  const merchantCode = `
const seen = new Set();
async function saveOnce(event) {
  const isNew = !seen.has(event.data.paymentId);
  seen.add(event.data.paymentId);
  console.log(\`saved \${event.data.paymentId} \${isNew}\`);
  return isNew;
}
function queueDispatch(reference) {
  console.log(\`dispatch \${reference}\`);
}
`;
  writeFileSync(path.join(dir, 'server.mjs'), replaceOnce(server, '.listen(8080)', `.listen(${port}, '127.0.0.1')`, 'plain node:http') + merchantCode);
  return { command: process.execPath, args: ['server.mjs'], cwd: dir };
}

function writePython(port: number): Written {
  ensureDebianPackage('Python 3', PYTHON, 'python3');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-doc-'));
  writeFileSync(path.join(dir, 'verify_pasarela.py'), block(/```python\n# verify_pasarela\.py\n([\s\S]*?)```/, 'verify_pasarela.py'));
  const server = block(/```python\n# pasarela_webhook\.py\n([\s\S]*?)```/, 'pasarela_webhook.py');
  // Before the printed code: its last lines serve for ever, so nothing after them would be defined.
  const merchantCode = `_seen = set()


def save_once(event):
    payment_id = event['data']['paymentId']
    is_new = payment_id not in _seen
    _seen.add(payment_id)
    print(f"saved {payment_id} {'true' if is_new else 'false'}", flush=True)
    return is_new


def queue_dispatch(reference):
    print(f'dispatch {reference}', flush=True)


`;
  writeFileSync(path.join(dir, 'pasarela_webhook.py'), merchantCode + replaceOnce(server, "make_server('', 8080, app)", `make_server('127.0.0.1', ${port}, app)`, 'pasarela_webhook.py'));
  return { command: PYTHON, args: ['pasarela_webhook.py'], cwd: dir };
}

function writePhp(port: number): Written {
  ensureDebianPackage('PHP', PHP, 'php-cli');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-doc-'));
  writeFileSync(path.join(dir, 'verify-pasarela.php'), block(/```php\n(<\?php\n\/\/ verify-pasarela\.php\n[\s\S]*?)```/, 'verify-pasarela.php'));
  const script = block(/```php\n(<\?php\n\/\/ pasarela-webhook\.php\n[\s\S]*?)```/, 'pasarela-webhook.php');
  // After the printed code (PHP defines a file's top-level functions before running it). Every request is a new
  // PHP run, so what was saved is kept in files, one per payment, created only when absent (a unique constraint).
  const merchantCode = `
function save_once(array $event): bool
{
    $paymentId = $event['data']['paymentId'];
    $mark = @fopen(__DIR__ . '/saved-' . md5($paymentId), 'x');
    $isNew = $mark !== false;
    if ($isNew) {
        fclose($mark);
    }
    file_put_contents('php://stdout', "saved $paymentId " . ($isNew ? 'true' : 'false') . "\\n");
    return $isNew;
}

function queue_dispatch(string $reference): void
{
    file_put_contents('php://stdout', "dispatch $reference\\n");
}
`;
  writeFileSync(path.join(dir, 'pasarela-webhook.php'), script + merchantCode);
  // As the page says to try it: PHP's built-in server sends every path to the script.
  return { command: PHP, args: ['-S', `127.0.0.1:${port}`, 'pasarela-webhook.php'], cwd: dir };
}

export interface DocsReceiver {
  name: string;
  /** Writes the printed files into a new folder for a receiver on `port`. */
  write(port: number): Written;
}

export const DOCS_RECEIVERS: DocsReceiver[] = [
  { name: 'node:http', write: writeNode },
  { name: 'Python (WSGI)', write: writePython },
  { name: 'PHP', write: writePhp },
];

export interface RunningReceiver {
  url: string;
  /** The lines its merchant functions printed so far. */
  lines(): string[];
  stop(): Promise<void>;
}

/**
 * Starts `receiver` on `port` with the endpoint's secret in PASARELA_WEBHOOK_SECRET (`undefined`: not set, as a PHP-FPM
 * pool that clears the environment leaves it); resolves once it answers HTTP.
 */
export async function startDocsReceiver(receiver: DocsReceiver, port: number, secret: string | undefined): Promise<RunningReceiver> {
  const { command, args, cwd } = receiver.write(port);
  const env = { ...process.env };
  delete env.PASARELA_WEBHOOK_SECRET;
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: secret === undefined ? env : { ...env, PASARELA_WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the printed ${receiver.name} receiver stopped: ${stderr}`);
        return fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
      },
      10_000,
      `the printed ${receiver.name} receiver to listen`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}/webhooks/pasarela`,
    lines: () => stdout.split('\n').filter((line) => line !== ''),
    stop,
  };
}
