// A program the tests run that is not an npm package (Chromium, PHP, Python): Debian's, at a fixed path. When it is
// missing, root installs it with apt-get (as .ci/run does); anyone else gets one clear line. Never skipped.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Makes sure `binary` exists, installing Debian's `pkg` as root when it does not; `name` for the error line. */
export function ensureDebianPackage(name: string, binary: string, pkg: string): void {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${name} is missing at ${binary}: install it (as root: apt-get install -y ${pkg}) and run the tests again.`);
  }
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'ignore', timeout: 600_000 });
  } catch (error) {
    throw new Error(`${name} is missing at ${binary} and apt-get install -y ${pkg} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!existsSync(binary)) throw new Error(`${name} is missing at ${binary} even after apt-get install -y ${pkg}.`);
}
