import { z } from 'zod';
import { NOTE_TARGETS } from '../../vocabulary.ts';
import { translationsField } from './content.ts';
import { endpoint, ok } from './endpoint.ts';
import { idNumber, levelNumber } from './fields.ts';

/** Notes (the members' inbox): to one member, a level, or everyone. */
export const notesEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/notes',
    summary: 'Sends a note to one member, every member of a level, or everyone',
    body: z.object({
      target: z.enum(NOTE_TARGETS),
      memberId: idNumber.optional(),
      level: levelNumber.optional(),
      /** The site whose members a level's or everyone's note reaches (a site has its own levels); unsaid: every site. */
      siteId: idNumber.optional(),
      title: z.string().trim().min(1).max(100),
      contents: z.string().trim().min(1).max(5000),
      /** The note in other languages than the site's default (title and contents each). */
      translations: translationsField.optional(),
    }),
    response: ok.extend({ noteId: z.number() }),
  }),
} as const;
