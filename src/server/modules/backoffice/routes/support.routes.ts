import { supportEndpoints } from '../../../../shared/contract/admin/support.ts';
import {
  answerAccountRequest,
  pendingAccountRequests,
} from '../../support/account-requests-admin.service.ts';
import { queuedTicketView } from '../../support/support.presenter.ts';
import { answerHelpTicket, waitingTickets } from '../../support/tickets-admin.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';

/** Support: the ticket queue and answers, account requests answered with the deposit account. */
export const supportRoutes = [
  adminRoute(supportEndpoints.tickets, {
    permission: 'support.answer',
    touch: false,
    handler: async ({ db, query }) => {
      const { tickets, waiting } = await waitingTickets(db, query.kind);
      return { tickets: tickets.map(queuedTicketView), waiting };
    },
  }),
  adminRoute(supportEndpoints.answerTicket, {
    permission: 'support.answer',
    handler: async ({ db, params, body, who }) => {
      const ticket = await audited(db, who, 'support.answer', async (tx) => ({
        target: `ticket:${params.id}`,
        after: { answer: body.answer },
        result: await answerHelpTicket(tx, params.id, who.operator.login, body.answer),
      }));
      return { ticket: { id: ticket.id, status: ticket.status } };
    },
  }),
  adminRoute(supportEndpoints.accountRequests, {
    permission: 'support.answer',
    touch: false,
    handler: async ({ db }) => ({ requests: await pendingAccountRequests(db) }),
  }),
  adminRoute(supportEndpoints.answerAccountRequest, {
    permission: 'support.answer',
    handler: async ({ db, params, body, who }) => {
      const ticket = await audited(db, who, 'support.account_answer', async (tx) => ({
        target: `ticket:${params.id}`,
        after: body,
        result: await answerAccountRequest(tx, params.id, who.operator.login, body),
      }));
      return { ticket: { id: ticket.id, status: ticket.status, answer: ticket.answer } };
    },
  }),
];
