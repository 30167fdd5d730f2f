// Screenshots of the hosted page's states. Always taken (rendering is exercised on every run); written to
// docs/screenshots/ only with UPDATE_SCREENSHOTS=1, so a plain test run leaves the tracked images alone.
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

const target = process.env.UPDATE_SCREENSHOTS === '1' ? path.resolve('docs/screenshots') : path.join(os.tmpdir(), 'pasarela-screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(target, { recursive: true });
  const file = path.join(target, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
