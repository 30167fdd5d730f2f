// Headless Chromium for the browser tests: Debian's chromium driven by playwright-core. When it is missing, root
// installs it (as .ci/run does); anyone else gets one clear line. Never skipped.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it (as root: apt-get install -y chromium) and run the tests again.`);
  }
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', timeout: 600_000 });
  } catch (error) {
    throw new Error(`Chromium is missing at ${CHROMIUM} and apt-get install -y chromium failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} even after apt-get install -y chromium.`);
}

export async function launchBrowser(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
}

/** Signs in on the portal's page as a person would: the form, its labels, its button. */
export async function signInToPortal(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/portal/ingresar`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Accepts a portal invitation as a person would: opens its link, chooses the password twice, saves. */
export async function acceptInvitationInPortal(page: Page, baseUrl: string, invitationPath: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}${invitationPath}`);
  await page.getByLabel('Contraseña nueva').fill(password);
  await page.getByLabel('Repite la contraseña').fill(password);
  await page.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
}
