import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import type { BrowserSession, Expected4xx } from './browser.ts';
import { settle } from './page-audit.ts';

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
/** Owners who work the back office in Korean and Thai (admin-language.e2e.ts): one per test. */
export const LANGUAGE_OPERATORS = ['desk-ko', 'walk-ko', 'walk-th'] as const;
/** An owner who is refused by the server in Thai (admin-refusals.e2e.ts). */
export const REFUSALS_OPERATOR = 'refusals-th';
/**
 * Owners of today-screens.e2e.ts: one creates its card-deposit campaign through the admin API, one
 * reads the chargeback and the locks in the back office's screens (one TOTP step each).
 */
export const WALK_OWNERS = ['walk-owner', 'walk-desk'] as const;
/** Owners of second-factor-lock.e2e.ts whose sign-in it locks with five wrong codes (in Thai, in English). */
export const LOCKED_OPERATORS = ['locked-th', 'locked-en'] as const;
/** The owner of second-factor-lock.e2e.ts who sees and lifts the locks. */
export const LOCK_DESK = 'lock-desk';
/** An owner who gives the Thai site la partage on the money screen, then takes it back (tables.e2e.ts). */
export const TABLES_OWNER = 'tables-owner';
/** An owner who creates the promotion campaign of promotions.e2e.ts through the admin API. */
export const PROMO_OWNER = 'promo-owner';
/** An owner who opens the back office's Promotions screen in promotions.e2e.ts (its own TOTP step). */
export const PROMO_DESK = 'promo-desk';
/** An owner who creates statement.e2e.ts's welcome and cashback campaigns and reads its member's page. */
export const STATEMENT_OWNER = 'statement-owner';
/** Owners who create the free spins and the welcome campaign of free-spins.e2e.ts through the admin API (one sign-in each). */
export const FREE_SPINS_OWNERS = ['spins-owner', 'flags-owner'] as const;
/** Compliance operators who review the duplicate-person flags (free-spins.e2e.ts): in English, in Thai. */
export const FLAGS_OPERATORS = ['flags-desk-en', 'flags-desk-th'] as const;
/** A support operator who reads a member's limits (limits.e2e.ts). */
export const LIMITS_OPERATOR = 'limits-desk';
/** Compliance operators who approve verification documents (kyc.e2e.ts, one per language). */
export const KYC_OPERATORS = ['kyc-desk-th', 'kyc-desk-en'] as const;
/** An owner who sets (and then clears) the site's verification rule for withdrawals (kyc.e2e.ts). */
export const KYC_OWNER = 'kyc-owner';
/**
 * The sportsbook's traders (role trading): one for the desktop test, one for the phone test, one who
 * sets up the events and results the desktop test then confirms in the desk's dialog.
 */
export const TRADING_OPERATORS = ['trading-desk', 'trading-phone', 'trading-results'] as const;
/**
 * Traders of the desk's tools (manual events, search, risk, ticker): at 1366 px in English, the one who
 * bets there, and at 360 px in Thai. One sign-in each: a TOTP code works once per operator.
 */
export const DESK_TOOLS_OPERATORS = ['desk-tools', 'desk-tools-th', 'desk-tools-phone'] as const;
/** Traders of the ticker alerts test (ticker-alerts.e2e.ts): the one at 360 px, the one who sets the thresholds. */
export const ALERT_OPERATORS = ['alerts-phone', 'alerts-api'] as const;
/** Traders who move prices and settle while the sports window tests watch (one per test file). */
export const WINDOW_TRADERS = [
  'window-desk',
  'window-phone',
  'window-desk-ui',
  'window-rules',
  'window-cashout',
  'window-browse',
  'window-listing',
  'window-live',
  'window-layout',
] as const;

/**
 * The back office asks the server who is signed in as it opens (the session cookie is httpOnly): a
 * browser with no operator session is answered 401 and shown the login form.
 */
export const SIGNED_OUT_PROBE: Expected4xx = { status: 401, method: 'GET', path: '/api/admin/me' };

/** Signs an operator in through the back office's login form (opened signed out: its probe answers 401). */
export async function signInOperator(b: BrowserSession, login = DEMO_OPERATOR.login): Promise<void> {
  const { page } = b;
  b.allow4xx(SIGNED_OUT_PROBE);
  await page.goto('/admin');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await page.getByLabel('Authenticator code').fill(currentCode());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** Opens a back-office path as the menu's links do, without reloading the page. */
export async function openAdminPath(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', `/admin${p}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page, 'main h1');
}
