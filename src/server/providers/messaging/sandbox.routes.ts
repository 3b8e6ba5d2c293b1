import type { FastifyInstance } from 'fastify';
import type { MessageSandbox } from './sandbox.transport.ts';

/**
 * GET /sandbox/messages?to=<address>: what the message sandbox accepted, newest first. Never
 * registered in production (app.ts): it shows recovery codes.
 */
export async function sandboxMessageRoutes(app: FastifyInstance, sandbox: MessageSandbox) {
  app.get('/sandbox/messages', async (request) => {
    const to = (request.query as { to?: unknown }).to;
    const list = sandbox.messagesTo(typeof to === 'string' && to.length <= 200 ? to : undefined);
    return { status: 'success', list: list.slice(0, 50) };
  });
}
