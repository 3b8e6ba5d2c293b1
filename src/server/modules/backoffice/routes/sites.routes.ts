import type { AdminEndpoint } from '../../../../shared/contract/admin/endpoint.ts';
import { sitesEndpoints } from '../../../../shared/contract/admin/sites.ts';
import { majorToMinor, parseMajor } from '../../../../shared/money.ts';
import { MAX_LEVEL } from '../../../../shared/vocabulary.ts';
import { errors } from '../../../http/errors.ts';
import { vipLevelsOf } from '../../promotions/vip.service.ts';
import { isPhoneCountry } from '../../sites/site-phone.ts';
import { levelRows, mergeWindow, withoutEmptyNames } from '../../sites/site-settings.ts';
import { siteView } from '../../sites/sites.presenter.ts';
import type { SiteSettings } from '../../sites/sites.schema.ts';
import {
  createSite,
  databaseTimeZone,
  findSite,
  listSites,
  setSiteCurrency,
  updateSite,
  updateSiteSettings,
} from '../../sites/sites-admin.service.ts';
import type { AdminContext } from '../admin-route.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';
import { memberCountsByLevel } from '../members-admin.service.ts';
import { sitesWithMembers } from '../sites-with-members.ts';

/** One audited change to one part of a site's settings; the site cache is dropped once it commits. */
export async function changeSettings(
  ctx: Pick<AdminContext<AdminEndpoint>, 'db' | 'who' | 'request'> & { params: { id: number } },
  action: string,
  change: (settings: SiteSettings) => SiteSettings,
) {
  const { id } = ctx.params;
  const site = await audited(ctx.db, ctx.who, action, async (tx) => {
    const changed = await updateSiteSettings(tx, id, change);
    if (!changed) throw errors.notFound(`site ${id}`);
    return { target: `site:${id}`, before: changed.before, after: changed.after, result: changed };
  });
  ctx.request.server.sites.invalidate();
  return { settings: site.after };
}

/** Settings per site (brand): domains, registration, cashier hours and locks, comp, messenger, levels. */
export const sitesRoutes = [
  adminRoute(sitesEndpoints.list, {
    permission: 'settings.manage',
    handler: async ({ db }) => {
      const withMembers = await sitesWithMembers(db);
      return { sites: (await listSites(db)).map((site) => siteView(site, withMembers.has(site.id))) };
    },
  }),
  adminRoute(sitesEndpoints.create, {
    permission: 'settings.manage',
    handler: async ({ db, body, who, request }) => {
      const site = await audited(db, who, 'settings.site.create', async (tx) => {
        const created = await createSite(tx, { ...body, domains: [...new Set(body.domains)] });
        return { target: `site:${created.id}`, after: created, result: created };
      });
      request.server.sites.invalidate();
      return { site: siteView(site, false) };
    },
  }),
  adminRoute(sitesEndpoints.update, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who, request }) => {
      const { id } = params;
      const { registrationOpen, referralRequired, testPayments, sportsBetsOnBreak } = body;
      const site = await audited(db, who, 'settings.site.update', async (tx) => {
        const domains = body.domains && [...new Set(body.domains)];
        const changed = await updateSite(tx, id, { name: body.name, domains });
        if (!changed) throw errors.notFound(`site ${id}`);
        const settings = await updateSiteSettings(tx, id, (s) => ({
          ...s,
          ...(registrationOpen === undefined ? {} : { registrationOpen }),
          ...(referralRequired === undefined ? {} : { referralRequired }),
          ...(testPayments === undefined ? {} : { testPayments }),
          ...(sportsBetsOnBreak === undefined ? {} : { sportsBetsOnBreak }),
        }));
        const after = { ...changed.after, settings: settings!.after };
        return { target: `site:${id}`, before: changed.before, after, result: after };
      });
      request.server.sites.invalidate();
      return { site: siteView(site, (await sitesWithMembers(db)).has(id)) };
    },
  }),
  adminRoute(sitesEndpoints.money, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who, request }) => {
      const { id } = params;
      const { currency, lang, cash, tables } = body;
      const site = await audited(db, who, 'settings.money', async (tx) => {
        const before = await findSite(tx, id);
        if (!before) throw errors.notFound(`site ${id}`);
        const inCurrency = currency ?? before.currency;
        if (cash) {
          for (const [name, value] of Object.entries(cash)) {
            if (parseMajor(String(value), inCurrency) === null)
              throw errors.invalid(`cash.${name}: ${value} is not an amount in ${inCurrency}`);
          }
          if (majorToMinor(cash.minimum, inCurrency) % majorToMinor(cash.step, inCurrency) !== 0)
            throw errors.invalid('cash.minimum must be a whole number of steps');
        }
        if (currency && currency !== before.currency) {
          // The database refuses it too (sites_currency_guard); said here in words.
          if ((await sitesWithMembers(tx)).has(id))
            throw errors.conflict(`site ${id} has members whose accounts are in ${before.currency}`);
          // Its VIP levels' needs are minor units of the old currency: read in the new one, 3,000 baht
          // (300,000 satang) became 300,000 dong (about 400 baht), and members rose on a fraction of it.
          if ((await vipLevelsOf(tx, id)).length > 0)
            throw errors.conflict(
              `site ${id} has VIP levels set in ${before.currency}: clear them before changing its currency`,
            );
          await setSiteCurrency(tx, id, currency);
        }
        const settings = await updateSiteSettings(tx, id, (s) => ({
          ...s,
          ...(lang ? { lang } : {}),
          ...(cash ? { cash: { minimum: cash.minimum, step: cash.step } } : {}),
          ...(tables ? { tables: { ...s.tables, ...tables } } : {}),
        }));
        const after = (await findSite(tx, id))!;
        return {
          target: `site:${id}`,
          before: { currency: before.currency, settings: settings!.before },
          after: { currency: after.currency, settings: settings!.after },
          result: after,
        };
      });
      request.server.sites.invalidate();
      return { site: siteView(site, (await sitesWithMembers(db)).has(id)) };
    },
  }),
  adminRoute(sitesEndpoints.accounts, {
    permission: 'settings.manage',
    handler: async (ctx) => {
      const { body } = ctx;
      if (body.phoneCountry && !isPhoneCountry(body.phoneCountry))
        throw errors.invalid(`no phone numbering is known for ${body.phoneCountry}`);
      return changeSettings(ctx, 'settings.accounts', (s) => ({
        ...s,
        ...(body.recoveryChannel ? { recoveryChannel: body.recoveryChannel } : {}),
        ...(body.phoneCountry ? { phoneCountry: body.phoneCountry } : {}),
        ...(body.minAge === undefined ? {} : { minAge: body.minAge }),
        ...(body.termsVersion ? { termsVersion: body.termsVersion } : {}),
        ...(body.banks ? { banks: [...new Set(body.banks)] } : {}),
      }));
    },
  }),
  adminRoute(sitesEndpoints.cashier, {
    permission: 'settings.manage',
    handler: async (ctx) => {
      const { body } = ctx;
      if (!body.timezone && !body.deposit && !body.withdraw && body.paymentSessionMinutes === undefined)
        throw errors.invalid('send timezone, deposit, withdraw or paymentSessionMinutes');
      const timezone = body.timezone && (await databaseTimeZone(ctx.db, body.timezone));
      if (body.timezone && !timezone)
        throw errors.invalid(`the database knows no time zone ${body.timezone}`);
      return changeSettings(ctx, 'settings.cashier', (s) => ({
        ...s,
        ...(timezone ? { timezone } : {}),
        ...(body.deposit ? { deposit: mergeWindow(s.deposit, body.deposit) } : {}),
        ...(body.withdraw ? { withdraw: mergeWindow(s.withdraw, body.withdraw) } : {}),
        ...(body.paymentSessionMinutes === undefined
          ? {}
          : { paymentSessionMinutes: body.paymentSessionMinutes }),
      }));
    },
  }),
  adminRoute(sitesEndpoints.comp, {
    permission: 'settings.manage',
    handler: async (ctx) => {
      const { body } = ctx;
      if (body.minExchange === undefined && !body.rates && !body.levelNames)
        throw errors.invalid('send minExchange, rates or levelNames');
      return changeSettings(ctx, 'settings.comp', (s) => ({
        ...s,
        ...(body.levelNames ? { levelNames: withoutEmptyNames(body.levelNames) } : {}),
        comp: {
          ...s.comp,
          ...(body.minExchange === undefined ? {} : { minExchange: body.minExchange }),
          ...(body.rates ? { rates: body.rates } : {}),
        },
      }));
    },
  }),
  adminRoute(sitesEndpoints.messenger, {
    permission: 'settings.manage',
    handler: async (ctx) =>
      changeSettings(ctx, 'settings.messenger', (s) => ({ ...s, messengerLinks: ctx.body.links })),
  }),
  adminRoute(sitesEndpoints.kyc, {
    permission: 'settings.manage',
    handler: async (ctx) => {
      const { withdrawLevel, over, overLevel } = ctx.body;
      return changeSettings(ctx, 'settings.kyc', (s) => ({
        ...s,
        kyc: { withdrawLevel, ...(over === null ? {} : { over, overLevel }) },
      }));
    },
  }),
  adminRoute(sitesEndpoints.levels, {
    permission: 'settings.manage',
    handler: async ({ db, params }) => {
      const site = (await listSites(db)).find((s) => s.id === params.id);
      if (!site) throw errors.notFound(`site ${params.id}`);
      const counts = await memberCountsByLevel(db, params.id);
      return { levels: levelRows(site.settings, counts, MAX_LEVEL) };
    },
  }),
  adminRoute(sitesEndpoints.levelNames, {
    permission: 'settings.manage',
    handler: async (ctx) =>
      changeSettings(ctx, 'settings.levels', (s) => ({
        ...s,
        levelNames: withoutEmptyNames(ctx.body.names),
      })),
  }),
];
