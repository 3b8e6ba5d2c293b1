import { z } from 'zod';
import { idField, pageFields } from './fields.ts';

/** The parts of route declarations that repeat from route to route, declared once. */

/** A success reply: the word, and now and then a message for the page to show. */
export const ok = z.object({ status: z.literal('success'), msg: z.string().optional() });

/** A request that carries no fields. */
export const noFields = z.object({});

/** A request that names one of the member's rows (a ticket, a note, a cash request) by its id. */
export const byId = z.object({ id: idField });

/** A request for one page of a list. */
export const paged = z.object(pageFields);
