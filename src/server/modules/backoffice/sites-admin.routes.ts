import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../http/api-error.ts';
import { deskState, HHMM } from '../cashier/cashier-hours.ts';
import type { CashierWindow, SiteSettings } from '../sites/sites.schema.ts';
import { siteSummary } from '../sites/sites.service.ts';
import {
  createSite,
  listSites,
  type SiteRow,
  updateSite,
  updateSiteSettings,
} from '../sites/sites-admin.service.ts';
import type { AdminRoute } from './admin.routes.ts';
import { hostname, httpsUrl, idParam, notFound } from './admin-fields.ts';
import { parseInput, parsePatch } from './admin-input.ts';
import { audited, type Who } from './audited.ts';
import { memberCountsByLevel } from './members-admin.service.ts';

export const MAX_LEVEL = 20;
const levelKey = z.string().regex(/^([1-9]|1\d|20)$/, 'a level from 1 to 20');
const hhmm = z
  .string()
  .regex(HHMM, 'a time like 09:30')
  .refine((v) => v <= '24:00', 'a time up to 24:00');
const timezone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'an IANA time zone like Asia/Seoul');
/** Both hours or neither; null for both removes the hours (open all day unless locked). */
const deskWindow = z
  .object({
    locked: z.boolean().optional(),
    open: hhmm.nullable().optional(),
    close: hhmm.nullable().optional(),
  })
  .refine(
    (w) => (w.open === undefined) === (w.close === undefined) && (w.open === null) === (w.close === null),
    'give open and close together',
  );
const basisPoints = z.number().int().min(0).max(10_000);
const levelNames = z.record(levelKey, z.string().trim().max(30));
/** An empty name removes it: the level shows its number again. */
const withoutEmptyNames = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).filter(([, name]) => name !== ''));

const siteView = (site: SiteRow) => ({
  ...site,
  desks: { deposit: deskState(site, 'deposit'), withdraw: deskState(site, 'withdraw') },
  /** What the member layout gets (get-reg-domain): the links it will really show. */
  summary: siteSummary(site),
});

function mergeWindow(current: CashierWindow | undefined, patch: z.infer<typeof deskWindow>): CashierWindow {
  const next: CashierWindow = { ...current };
  if (patch.locked !== undefined) next.locked = patch.locked;
  if (patch.open === null) {
    delete next.open;
    delete next.close;
  } else if (patch.open !== undefined && patch.close) {
    next.open = patch.open;
    next.close = patch.close;
  }
  return next;
}

/** One audited change to one part of a site's settings; the site cache is dropped once it commits. */
async function changeSettings(
  ctx: { db: Db; request: FastifyRequest },
  who: Who,
  action: string,
  change: (settings: SiteSettings) => SiteSettings,
) {
  const { id } = parseInput(idParam, ctx.request.params);
  const site = await audited(ctx.db, who, action, async (tx) => {
    const changed = await updateSiteSettings(tx, id, change);
    if (!changed) throw notFound(`site ${id}`);
    return { target: `site:${id}`, ...changed, result: changed };
  });
  ctx.request.server.sites.invalidate();
  return { status: 'success', settings: site.after };
}

/** Settings per site (brand): domains, registration, cashier hours and locks, comp, messenger links, levels. */
export const SITES_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/settings/sites',
    permission: 'settings.manage',
    handler: async ({ db }) => ({ status: 'success', sites: (await listSites(db)).map(siteView) }),
  },
  {
    method: 'POST',
    url: '/api/admin/settings/sites',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const input = parseInput(
        z.object({
          code: z.string().regex(/^[a-z0-9-]{2,32}$/, 'a code of 2-32 lower-case letters, digits or dashes'),
          name: z.string().trim().min(1).max(100),
          domains: z.array(hostname).max(20).default([]),
        }),
        request.body,
      );
      const site = await audited(db, { operator, ip: request.ip }, 'settings.site.create', async (tx) => {
        const created = await createSite(tx, { ...input, domains: [...new Set(input.domains)] });
        return { target: `site:${created.id}`, after: created, result: created };
      });
      request.server.sites.invalidate();
      return { status: 'success', site: siteView(site) };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/sites/:id',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const { id } = parseInput(idParam, request.params);
      const patch = parsePatch(
        z.object({
          name: z.string().trim().min(1).max(100).optional(),
          domains: z.array(hostname).max(20).optional(),
          registrationOpen: z.boolean().optional(),
          referralRequired: z.boolean().optional(),
        }),
        request.body,
      );
      const { registrationOpen, referralRequired } = patch;
      const site = await audited(db, { operator, ip: request.ip }, 'settings.site.update', async (tx) => {
        const domains = patch.domains && [...new Set(patch.domains)];
        const changed = await updateSite(tx, id, { name: patch.name, domains });
        if (!changed) throw notFound(`site ${id}`);
        const settings = await updateSiteSettings(tx, id, (s) => ({
          ...s,
          ...(registrationOpen === undefined ? {} : { registrationOpen }),
          ...(referralRequired === undefined ? {} : { referralRequired }),
        }));
        const after = { ...changed.after, settings: settings!.after };
        return { target: `site:${id}`, before: changed.before, after, result: after };
      });
      request.server.sites.invalidate();
      return { status: 'success', site: siteView(site) };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/sites/:id/cashier',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const body = parseInput(
        z.object({
          timezone: timezone.optional(),
          deposit: deskWindow.optional(),
          withdraw: deskWindow.optional(),
        }),
        request.body,
      );
      if (!body.timezone && !body.deposit && !body.withdraw)
        throw invalid('send timezone, deposit or withdraw');
      return changeSettings({ db, request }, { operator, ip: request.ip }, 'settings.cashier', (s) => ({
        ...s,
        ...(body.timezone ? { timezone: body.timezone } : {}),
        ...(body.deposit ? { deposit: mergeWindow(s.deposit, body.deposit) } : {}),
        ...(body.withdraw ? { withdraw: mergeWindow(s.withdraw, body.withdraw) } : {}),
      }));
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/sites/:id/comp',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const body = parseInput(
        z.object({
          minExchange: z.number().int().min(0).max(1e12).optional(),
          rates: z
            .record(
              levelKey,
              z.object({
                casino: basisPoints.optional(),
                slot: basisPoints.optional(),
                sport: basisPoints.optional(),
              }),
            )
            .optional(),
          // The levels screen saves names and rates together: one change, all or nothing.
          levelNames: levelNames.optional(),
        }),
        request.body,
      );
      if (body.minExchange === undefined && !body.rates && !body.levelNames)
        throw invalid('send minExchange, rates or levelNames');
      return changeSettings({ db, request }, { operator, ip: request.ip }, 'settings.comp', (s) => ({
        ...s,
        ...(body.levelNames ? { levelNames: withoutEmptyNames(body.levelNames) } : {}),
        comp: {
          ...s.comp,
          ...(body.minExchange === undefined ? {} : { minExchange: body.minExchange }),
          ...(body.rates ? { rates: body.rates } : {}),
        },
      }));
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/sites/:id/messenger',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const { links } = parseInput(
        z.object({
          links: z.array(z.object({ label: z.string().trim().min(1).max(50), url: httpsUrl })).max(2),
        }),
        request.body,
      );
      return changeSettings({ db, request }, { operator, ip: request.ip }, 'settings.messenger', (s) => ({
        ...s,
        messengerLinks: links,
      }));
    },
  },
  {
    method: 'GET',
    url: '/api/admin/settings/sites/:id/levels',
    permission: 'settings.manage',
    handler: async ({ db, request }) => {
      const { id } = parseInput(idParam, request.params);
      const site = (await listSites(db)).find((s) => s.id === id);
      if (!site) throw notFound(`site ${id}`);
      const counts = await memberCountsByLevel(db, id);
      const levels = Array.from({ length: MAX_LEVEL }, (_, i) => String(i + 1)).map((level) => ({
        level: Number(level),
        name: site.settings.levelNames?.[level] ?? null,
        members: counts.get(Number(level)) ?? 0,
        compRates: site.settings.comp?.rates?.[level] ?? {},
      }));
      return { status: 'success', levels };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/sites/:id/levels',
    permission: 'settings.manage',
    handler: async ({ db, request, operator }) => {
      const { names } = parseInput(z.object({ names: levelNames }), request.body);
      return changeSettings({ db, request }, { operator, ip: request.ip }, 'settings.levels', (s) => ({
        ...s,
        levelNames: withoutEmptyNames(names),
      }));
    },
  },
];
