import type { DbOrTx } from '../../db/client.ts';
import { notifyMembers } from '../live/live.notify.ts';
import { memberNews, notes } from './inbox.schema.ts';
import { type NewsKey, newsText } from './news-text.ts';

export type { NewsKey };

/**
 * Tells a member what just happened to their money, inside the transaction that moved it: a row the
 * live stream shows on screen (msg key and figures, read in the member's language), and for what
 * lasts (`lasting`) a system note as well. Nothing is told if the money move is undone.
 */
export async function tellMember(
  db: DbOrTx,
  memberId: number,
  key: NewsKey,
  params: Record<string, string | number>,
  options: { lasting: boolean },
): Promise<void> {
  let noteId: number | null = null;
  if (options.lasting) {
    // The stored text, in the site's default language, is what older front ends and operators read.
    const text = newsText(key, params);
    const [note] = await db
      .insert(notes)
      .values({
        target: 'member',
        memberId,
        title: text,
        contents: text,
        sentBy: 'system',
        msgKey: key,
        msgParams: params,
      })
      .returning({ id: notes.id });
    noteId = note?.id ?? null;
  }
  await db.insert(memberNews).values({ memberId, msgKey: key, msgParams: params, noteId });
  await notifyMembers(db, [memberId]);
}

/**
 * Tells many members at once, on screen only (nothing that lasts: a settled bet stays in the bet
 * history): one insert and one notification for the lot.
 */
export async function tellMembersBriefly(
  db: DbOrTx,
  items: { memberId: number; key: NewsKey; params: Record<string, string | number> }[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(memberNews)
    .values(items.map((item) => ({ memberId: item.memberId, msgKey: item.key, msgParams: item.params })));
  await notifyMembers(
    db,
    items.map((item) => item.memberId),
  );
}
