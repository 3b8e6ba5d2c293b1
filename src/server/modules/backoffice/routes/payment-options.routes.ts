import { paymentOptionsEndpoints } from '../../../../shared/contract/admin/payment-options.ts';
import { errors } from '../../../http/errors.ts';
import { paymentOptionView } from '../../cashier/cashier.presenter.ts';
import {
  createPaymentOption,
  listAllPaymentOptions,
  updatePaymentOption,
} from '../../cashier/payments/payment-options-admin.service.ts';
import { testPaymentsAllowed } from '../../cashier/payments/test-payments.ts';
import { listSites } from '../../sites/sites-admin.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited, auditedEdit } from '../audited.ts';

/** A payment option may only name a provider this server has installed, or members would get a 5xx. */
function assertInstalled(provider: string | undefined, installed: readonly string[]) {
  if (provider !== undefined && !installed.includes(provider))
    throw errors.invalid(`unknown payment provider; installed: ${installed.join(', ')}`);
}

/** Payment options per site and direction: listed with the disabled ones, created, edited, disabled. */
export const paymentOptionsRoutes = [
  adminRoute(paymentOptionsEndpoints.list, {
    permission: 'settings.manage',
    handler: async ({ db, query, paymentProviders }) => ({
      options: (await listAllPaymentOptions(db, query.siteId)).map(paymentOptionView),
      providers: [...paymentProviders],
    }),
  }),
  adminRoute(paymentOptionsEndpoints.create, {
    permission: 'settings.manage',
    handler: async ({ db, body, who, paymentProviders, testOnlyPaymentProviders, paymentMode }) => {
      assertInstalled(body.provider, paymentProviders);
      const site = (await listSites(db)).find((s) => s.id === body.siteId);
      if (!site) throw errors.notFound(`site ${body.siteId}`);
      // The sandbox takes no real money: on a production site only where test payments are switched on.
      if (
        testOnlyPaymentProviders.includes(body.provider) &&
        !testPaymentsAllowed(paymentMode, site.settings)
      ) {
        throw errors.invalid(
          'the sandbox provider takes no real money: switch test payments on for this site first',
        );
      }
      const option = await audited(db, who, 'settings.payment_option.create', async (tx) => {
        const created = await createPaymentOption(tx, body);
        return { target: `payment_option:${created.id}`, after: created, result: created };
      });
      return { option: paymentOptionView(option) };
    },
  }),
  adminRoute(paymentOptionsEndpoints.update, {
    permission: 'settings.manage',
    handler: async ({ db, params, body, who, paymentProviders }) => {
      assertInstalled(body.provider, paymentProviders);
      const option = await auditedEdit(
        db,
        who,
        'settings.payment_option.update',
        { target: `payment_option:${params.id}`, missing: `payment option ${params.id}` },
        (tx) => updatePaymentOption(tx, params.id, body),
      );
      return { option: paymentOptionView(option) };
    },
  }),
];
