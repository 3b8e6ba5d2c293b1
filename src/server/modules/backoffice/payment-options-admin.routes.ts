import { z } from 'zod';
import { invalid } from '../../http/api-error.ts';
import { CASH_REQUEST_KINDS } from '../cashier/cashier.schema.ts';
import {
  createPaymentOption,
  listAllPaymentOptions,
  updatePaymentOption,
} from '../cashier/payments/payment-options-admin.service.ts';
import { listSites } from '../sites/sites-admin.service.ts';
import type { AdminRoute } from './admin.routes.ts';
import { idParam, notFound, sortOrder } from './admin-fields.ts';
import { parseInput, parsePatch } from './admin-input.ts';
import { audited } from './audited.ts';

const amount = z.number().int().min(1).max(1e12);
const optionFields = {
  kind: z.enum(['bank', 'card', 'coin']),
  provider: z.string().max(64),
  name: z.string().trim().min(1).max(100),
  minAmount: amount,
  maxAmount: amount,
  enabled: z.boolean(),
  sortOrder,
};

/** A payment option may only name a provider this server has installed, or members would get a 5xx. */
function assertInstalled(provider: string | undefined, installed: readonly string[]) {
  if (provider !== undefined && !installed.includes(provider))
    throw invalid(`unknown payment provider; installed: ${installed.join(', ')}`);
}

/** Payment options per site and direction: listed with the disabled ones, created, edited, disabled. */
export const PAYMENT_OPTIONS_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/settings/payment-options',
    permission: 'settings.manage',
    handler: async ({ db, request, paymentProviders }) => {
      const { siteId } = parseInput(
        z.object({ siteId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }),
        request.query,
      );
      return {
        status: 'success',
        options: await listAllPaymentOptions(db, siteId),
        providers: paymentProviders,
      };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/payment-options',
    permission: 'settings.manage',
    handler: async ({ db, request, operator, paymentProviders }) => {
      const input = parseInput(
        z.object({
          siteId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          direction: z.enum(CASH_REQUEST_KINDS),
          ...optionFields,
          minAmount: amount.default(10_000),
          maxAmount: amount.default(10_000_000),
          enabled: z.boolean().default(true),
          sortOrder: sortOrder.default(0),
        }),
        request.body,
      );
      assertInstalled(input.provider, paymentProviders);
      if (!(await listSites(db)).some((s) => s.id === input.siteId)) throw notFound(`site ${input.siteId}`);
      const option = await audited(
        db,
        { operator, ip: request.ip },
        'settings.payment_option.create',
        async (tx) => {
          const created = await createPaymentOption(tx, input);
          return { target: `payment_option:${created.id}`, after: created, result: created };
        },
      );
      return { status: 'success', option };
    },
  },
  {
    method: 'POST',
    url: '/api/admin/settings/payment-options/:id',
    permission: 'settings.manage',
    handler: async ({ db, request, operator, paymentProviders }) => {
      const { id } = parseInput(idParam, request.params);
      const patch = parsePatch(z.object(optionFields).partial(), request.body);
      assertInstalled(patch.provider, paymentProviders);
      const option = await audited(
        db,
        { operator, ip: request.ip },
        'settings.payment_option.update',
        async (tx) => {
          const changed = await updatePaymentOption(tx, id, patch);
          if (!changed) throw notFound(`payment option ${id}`);
          return { target: `payment_option:${id}`, ...changed, result: changed.after };
        },
      );
      return { status: 'success', option };
    },
  },
];
