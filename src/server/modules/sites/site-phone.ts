import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { SiteSettings } from './sites.schema.ts';

/** Whether `code` is an ISO 3166 country whose phone numbering is known (a site's `phoneCountry`). */
export const isPhoneCountry = (code: string): code is CountryCode => isSupportedCountry(code);

/**
 * Where an SMS to a member of this site goes: their phone in E.164 (+821090004143), read in the site's
 * own country where it names one. Members type local numbers, and each brand's are its own country's:
 * one install-wide country (SMS_DEFAULT_COUNTRY) read a Korean member's 010-… as a Thai number. Where
 * the site names no country, or the phone is not a number of it, the phone as registered (the SMS
 * provider then reads it in the install's country).
 */
export function smsRecipient(settings: Pick<SiteSettings, 'phoneCountry'>, phone: string): string {
  const country = settings.phoneCountry;
  if (!country || !isPhoneCountry(country)) return phone;
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? parsed.number : phone;
}
