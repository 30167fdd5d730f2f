// bin/pasarela-ops.js spawned as an operator runs it: one helper for every test of the CLI.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { TestGateway } from './gateway.js';

export const CLI = path.resolve('bin/pasarela-ops.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Added to the environment, which never has the runner's own OPERATOR_TOKEN and DATA_DIR. */
  env?: Record<string, string | undefined>;
  /** Milliseconds before the CLI is killed (default 30 s, the CLI's own wait for most commands). */
  timeout?: number;
  /** Bytes of output kept (Node's default is 1 MB). */
  maxBuffer?: number;
}

/**
 * The CLI with exactly these arguments (no --url, no --token: for what it does without them).
 * Asynchronous on purpose: the gateway answering the CLI runs in the test's own process.
 */
export function runCli(args: string[], { env = {}, timeout = 30_000, maxBuffer }: CliOptions = {}): Promise<CliRun> {
  const { OPERATOR_TOKEN: _, DATA_DIR: __, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...base, ...env }, timeout, maxBuffer }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** The CLI pointed at a test gateway's operator API with its token. */
export function pasarelaOps(gw: Pick<TestGateway, 'adminUrl' | 'operatorToken'>, args: string[], options?: CliOptions): Promise<CliRun> {
  return runCli(['--url', gw.adminUrl, '--token', gw.operatorToken, ...args], options);
}
