import { protectionEndpoints } from '../../../../shared/contract/admin/protection.ts';
import { limitHistory, listLimits, protectionEventList } from '../../protection/limits.service.ts';
import { currentProtection, protectionEvents } from '../../protection/protection.service.ts';
import { adminRoute } from '../admin-route.ts';
import { assertMemberExists } from '../members-admin.service.ts';

/** A member's protection in the member page: periods, limits and events; nothing here can loosen them. */
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
        limits: await listLimits(db, params.id),
        limitHistory: await limitHistory(db, params.id),
        protectionEvents: await protectionEventList(db, params.id),
      };
    },
  }),
];
