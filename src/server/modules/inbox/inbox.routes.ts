import { type RouteHandlers, requireMember } from '../../http/member-api.ts';
import { readerLanguage } from '../../http/reader-language.ts';
import { deleteNote, latestNote, listNotes, readNote, stampAllNotes } from './notes.service.ts';

export const inboxRoutes: RouteHandlers = {
  'get-user-note': async (_body, ctx) => ({
    status: 'success',
    ...(await latestNote(ctx.db, requireMember(ctx), readerLanguage(ctx.request))),
  }),

  'get-note-list': async (body, ctx) => ({
    status: 'success',
    ...(await listNotes(ctx.db, requireMember(ctx), body, readerLanguage(ctx.request))),
  }),

  'read-note-message': async (body, ctx) => {
    await readNote(ctx.db, requireMember(ctx), body.id);
    return { status: 'success' };
  },

  'del-note': async (body, ctx) => {
    await deleteNote(ctx.db, requireMember(ctx), body.id);
    return { status: 'success' };
  },

  'read-all-note': async (_body, ctx) => ({
    status: 'success',
    count: await stampAllNotes(ctx.db, requireMember(ctx), 'read'),
  }),

  'del-all-note': async (_body, ctx) => ({
    status: 'success',
    count: await stampAllNotes(ctx.db, requireMember(ctx), 'deleted'),
  }),
};
