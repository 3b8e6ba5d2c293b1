import type { ParsedRequest } from '../../../shared/contract/routes.ts';
import { MSG } from '../../../shared/messages.ts';
import { errors } from '../../http/errors.ts';
import { dayInZone } from '../sites/site-time.ts';
import type { registrationRules } from '../sites/sites.service.ts';

type Rules = ReturnType<typeof registrationRules>;

/**
 * Whole years from a YYYY-MM-DD birth date to `today`'s date in the site's zone: a birthday begins at
 * the site's midnight, not UTC's (a Pago Pago site let a 17-year-old in 11 hours early, a Kiritimati
 * one refused an 18-year-old for 14 hours).
 */
export function ageOn(birthDate: string, today: Date, timezone = 'UTC'): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = dayInZone(today, timezone).split('-').map(Number) as [number, number, number];
  const beforeBirthday = tm < m || (tm === m && td < d);
  return beforeBirthday ? ty - y - 1 : ty - y;
}

/**
 * The site's registration rules beyond the field formats: its minimum age, its current terms, the
 * e-mail when it recovers passwords by e-mail, a bank from its list. Each refusal names its field.
 */
export function checkRegistration(input: ParsedRequest<'user-register'>, rules: Rules, today = new Date()) {
  const field = (name: string) => ({ field: name });
  if (rules.emailRequired && !input.email) {
    throw errors.invalid('an e-mail address is required on this site', MSG.emailRequired, field('email'));
  }
  const age = ageOn(input.birthDate, today, rules.timezone);
  if (age > 130 || age < 0)
    throw errors.invalid('birthDate: not a plausible date', MSG.birthDateInvalid, field('birthDate'));
  if (age < rules.minAge) {
    throw errors.invalid(`members must be at least ${rules.minAge}`, MSG.tooYoung, {
      ...field('birthDate'),
      minAge: rules.minAge,
    });
  }
  if (input.termsVersion !== undefined && input.termsVersion !== rules.termsVersion) {
    throw errors.invalid('the terms changed since the page was loaded', MSG.termsChanged, {
      ...field('terms'),
      termsVersion: rules.termsVersion,
    });
  }
  assertListedBank(rules.banks, input.bankname);
}

/** A bank name from the list (any case); any name when the list is empty. */
export function assertListedBank(banks: readonly string[], name: string) {
  if (banks.length === 0) return;
  if (!banks.some((b) => b.toLowerCase() === name.toLowerCase())) {
    throw errors.invalid('choose a bank from the site list', MSG.bankUnknown, { field: 'bankname' });
  }
}
