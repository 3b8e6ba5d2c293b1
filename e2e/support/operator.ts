import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';

/** The demo operator of the demo data (README): its TOTP secret is public on purpose. */
export const DEMO_OPERATOR = {
  login: 'operator',
  password: 'operator1234',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

export const currentCode = () => generateSync({ secret: DEMO_OPERATOR.totpSecret });

/** Signs the demo operator in through the back office's login form. */
export async function signInOperator(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Login').fill(DEMO_OPERATOR.login);
  await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await page.getByLabel('Authenticator code').fill(currentCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}
