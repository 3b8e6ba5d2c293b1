import { notesEndpoints } from '../../../../shared/contract/admin/notes.ts';
import { errors } from '../../../http/errors.ts';
import { sendNote } from '../../inbox/notes.service.ts';
import { assertSiteExists } from '../../sites/sites-admin.service.ts';
import { adminRoute } from '../admin-route.ts';
import { audited } from '../audited.ts';
import { assertMemberExists } from '../members-admin.service.ts';

/** Notes to members' inboxes: one member, or a level or everyone of a site (or of every site). */
export const notesRoutes = [
  adminRoute(notesEndpoints.send, {
    permission: 'notes.send',
    handler: async ({ db, body, who }) => {
      if ((body.target === 'member' && !body.memberId) || (body.target === 'level' && !body.level))
        throw errors.invalid('name the member or level');
      const noteId = await audited(db, who, 'notes.send', async (tx) => {
        if (body.memberId && body.target === 'member') await assertMemberExists(tx, body.memberId);
        if (body.siteId !== undefined && body.target !== 'member') await assertSiteExists(tx, body.siteId);
        const note = await sendNote(tx, { ...body, sentBy: who.operator.login });
        return { target: `note:${note.id}`, after: body, result: note.id };
      });
      return { noteId };
    },
  }),
];
