// A role of the gateway in a child process, for tests that kill it and start it again (test/support/gateway-process.ts,
// test/webhooks/support/worker-process.ts): TypeScript run through the test loader, stdin piped so the child stops
// when the test process goes away.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REGISTER_TS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'register-ts.mjs');

/** What each started child has written so far, stdout and stderr interleaved, from its first byte. */
const outputs = new WeakMap<ChildProcess, string>();

/** Everything `child` (started by startChild) has printed so far, for tests that read an operator's log. */
export const outputOf = (child: ChildProcess): string => outputs.get(child) ?? '';

/** Starts `script` with `env`; resolves once its stdout shows `ready`; else kills it and rejects with its output. */
export function startChild(script: string, env: NodeJS.ProcessEnv, ready: string, readyMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', REGISTER_TS, script], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk;
    outputs.set(child, output);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(script)} not ready in ${readyMs / 1000} s:\n${output}`));
    }, readyMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', keep);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${path.basename(script)} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/** Resolves once the child has exited (at once if it has). */
export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
