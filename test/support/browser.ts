// Headless Chromium for the browser tests: Debian's chromium driven by playwright-core. When it is missing, root
// installs it (as .ci/run does); anyone else gets one clear line. Never skipped.
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureDebianPackage } from './debian-package.js';

export const CHROMIUM = '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  ensureDebianPackage('Chromium', CHROMIUM, 'chromium');
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
