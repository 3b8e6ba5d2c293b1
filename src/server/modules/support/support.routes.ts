import { MSG } from '../../../shared/messages.ts';
import { ApiError, errors } from '../../http/errors.ts';
import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import {
  deleteAllHelp,
  deleteHelp,
  listHelp,
  readHelp,
  writeGuestHelp,
  writeHelp,
} from './help-tickets.service.ts';

/** Unexpected failures while writing are shown as msg2027 (SPEC §8). */
function asWriteFailure(error: unknown): never {
  if (error instanceof ApiError) throw error;
  throw errors.failed('the ticket could not be saved', MSG.helpWriteFailed);
}

export const supportRoutes: RouteHandlers = {
  'user-write-help': async (body, ctx) => {
    await writeHelp(ctx.db, requireMember(ctx), ctx.site, body).catch(asWriteFailure);
    return { status: 'success', msg: MSG.helpWritten };
  },

  'none-login-write': async (body, ctx) => {
    await writeGuestHelp(ctx.db, ctx.limits, ctx.site, ctx.ip, body).catch(asWriteFailure);
    return { status: 'success', msg: MSG.helpWritten };
  },

  'get-help-list': async (body, ctx) => ({
    status: 'success',
    ...(await listHelp(ctx.db, requireMember(ctx).memberId, body)),
  }),

  'read-help-message': async (body, ctx) => {
    await readHelp(ctx.db, requireMember(ctx).memberId, body.id);
    return { status: 'success' };
  },

  'del-help': async (body, ctx) => {
    await deleteHelp(ctx.db, requireMember(ctx).memberId, body.id);
    return { status: 'success', msg: MSG.requestDeleted };
  },

  'del-all-help': async (_body, ctx) => {
    try {
      await deleteAllHelp(ctx.db, requireMember(ctx).memberId);
    } catch {
      throw errors.failed('the tickets could not be deleted', MSG.deleteFailed);
    }
    return { status: 'success', msg: MSG.helpAllDeleted };
  },
};
