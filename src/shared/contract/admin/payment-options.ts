import { z } from 'zod';
import { CASH_REQUEST_KINDS, PAYMENT_KINDS } from '../../vocabulary.ts';
import { endpoint, ok } from './endpoint.ts';
import { idNumber, idParam, idText, patchOf, sortOrder } from './fields.ts';

const amount = z.number().int().min(1).max(1e12);
const optionFields = {
  kind: z.enum(PAYMENT_KINDS),
  provider: z.string().max(64),
  name: z.string().trim().min(1).max(100),
  minAmount: amount,
  maxAmount: amount,
  enabled: z.boolean(),
  sortOrder,
};

export const paymentOption = z.object({
  id: z.number(),
  siteId: z.number(),
  direction: z.enum(CASH_REQUEST_KINDS),
  kind: z.enum(PAYMENT_KINDS),
  provider: z.string(),
  name: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  enabled: z.boolean(),
  sortOrder: z.number(),
});

/** Payment options per site and direction: listed with the disabled ones, created, edited, disabled. */
export const paymentOptionsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/settings/payment-options',
    summary: "Every payment option (of a site, or all), and the installed providers' codes",
    query: z.object({ siteId: idText.optional() }),
    response: ok.extend({ options: z.array(paymentOption), providers: z.array(z.string()) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/settings/payment-options',
    summary: 'Adds a payment option; its provider must be installed',
    body: z.object({
      siteId: idNumber,
      direction: z.enum(CASH_REQUEST_KINDS),
      ...optionFields,
      minAmount: amount.default(10_000),
      maxAmount: amount.default(10_000_000),
      enabled: z.boolean().default(true),
      sortOrder: sortOrder.default(0),
    }),
    response: ok.extend({ option: paymentOption }),
  }),
  update: endpoint({
    method: 'POST',
    path: '/settings/payment-options/:id',
    summary: 'Edits a payment option; disabling is enabled: false',
    params: idParam,
    body: patchOf(z.object(optionFields).partial()),
    response: ok.extend({ option: paymentOption }),
  }),
} as const;
