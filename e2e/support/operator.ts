import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';

/** The demo operator of the demo data (README): its TOTP secret is public on purpose. */
export const DEMO_OPERATOR = {
  login: 'operator',
  password: 'operator1234',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

export const currentCode = () => generateSync({ secret: DEMO_OPERATOR.totpSecret });

/**
 * A TOTP code is accepted once, so each browser-test file signs in as its own operator (same
 * password and secret, made by the global setup): two files within one 30 s step would collide.
 */
export const PHONE_OPERATOR = 'phone-desk';
/** A support operator who reads a member's limits (limits.e2e.ts). */
export const LIMITS_OPERATOR = 'limits-desk';
/**
 * The sportsbook's traders (role trading): one for the desktop test, one for the phone test, one who
 * sets up the events and results the desktop test then confirms in the desk's dialog.
 */
export const TRADING_OPERATORS = ['trading-desk', 'trading-phone', 'trading-results'] as const;
/** Traders who move prices and settle while the sports window tests watch (one per test file). */
export const WINDOW_TRADERS = ['window-desk', 'window-phone', 'window-desk-ui', 'window-rules'] as const;

/** Signs an operator in through the back office's login form. */
export async function signInOperator(page: Page, login = DEMO_OPERATOR.login): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await page.getByLabel('Authenticator code').fill(currentCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}
