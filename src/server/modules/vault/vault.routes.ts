import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { moveVault, vaultBalances } from './vault.service.ts';

export const vaultRoutes: RouteHandlers = {
  'get-vault': async (_body, ctx) => ({
    status: 'success',
    ...(await vaultBalances(ctx.db, requireMember(ctx).memberId)),
  }),

  'vault-deposit': async (body, ctx) => {
    const { balance, vault } = await moveVault(ctx.db, requireMember(ctx), { direction: 'in', ...body });
    return { status: 'success', balance, vault };
  },

  'vault-withdraw': async (body, ctx) => {
    const { balance, vault } = await moveVault(ctx.db, requireMember(ctx), { direction: 'out', ...body });
    return { status: 'success', balance, vault };
  },
};
