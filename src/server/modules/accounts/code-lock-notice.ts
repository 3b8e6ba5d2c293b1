import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageText } from '../../http/page-i18n.ts';
import { tellMember } from '../inbox/news.service.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { siteLocale } from '../sites/site-settings.ts';
import { siteById } from '../sites/sites.service.ts';
import { members } from './accounts.schema.ts';

/**
 * Tells a member their second step has just been locked for the day (the wrong code that spent the
 * last attempt): a lasting note and the on-screen news, each read in the language the member chose on
 * the site, and an e-mail in their site's language when they gave an address. A lock they did not
 * cause means someone has their password: the texts say to change it and to ask support.
 */
export async function tellSecondFactorLocked(db: Db, memberId: number): Promise<void> {
  const [member] = await db
    .select({ loginId: members.loginId, email: members.email, siteId: members.siteId })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) return;
  const site = await siteById(db, Number(member.siteId));
  await db.transaction(async (tx) => {
    await tellMember(tx, memberId, 'secondFactorLocked', {}, { lasting: true });
    if (member.email && site) {
      const text = pageText(siteLocale(site.settings), 'messages');
      const vars = { site: site.name, login: member.loginId };
      await enqueueMessage(tx, {
        channel: 'email',
        recipient: member.email,
        subject: text.t('codeLockSubject', vars),
        body: text.t('codeLockEmail', vars),
      });
    }
  });
}
