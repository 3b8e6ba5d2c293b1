import { protectionEndpoints } from '../../../../shared/contract/admin/protection.ts';
import { currentProtection, protectionEvents } from '../../protection/protection.service.ts';
import { adminRoute } from '../admin-route.ts';
import { assertMemberExists } from '../members-admin.service.ts';

/** A member's protection events in the member page; nothing here can shorten them. */
export const protectionRoutes = [
  adminRoute(protectionEndpoints.member, {
    permission: 'members.view',
    handler: async ({ db, params }) => {
      await assertMemberExists(db, params.id);
      const now = new Date();
      const current = await currentProtection(db, params.id, now);
      return {
        current: {
          state: current.state,
          kind: current.kind,
          endsAt: current.endsAt,
          liftsAt: current.liftsAt,
        },
        events: await protectionEvents(db, params.id, now),
      };
    },
  }),
];
