import { MSG } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { isMemberPassword } from '../accounts/accounts.service.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import type { Site } from '../sites/sites.service.ts';
import { helpTickets } from './support.schema.ts';

/**
 * A member asks for the operator's deposit account: a support ticket of kind 'account' that an
 * operator answers with the details. A partial unique index allows one open request at a time.
 * With `pass` (the older front ends' user_ask_to_account_expass) the login password is checked
 * first: a wrong one is refused with `pass` and nothing is written.
 */
export async function askForDepositAccount(
  db: Db,
  member: SessionMember,
  site: Site,
  pass?: string,
): Promise<number> {
  if (pass !== undefined && !(await isMemberPassword(db, member.memberId, pass))) {
    throw errors.wrongPass('the password is wrong');
  }
  const [ticket] = await db
    .insert(helpTickets)
    .values({
      memberId: member.memberId,
      siteId: site.id,
      kind: 'account',
      title: 'Deposit account request',
      contents: `${member.user.userId} asks for the deposit account details.`,
    })
    .onConflictDoNothing()
    .returning({ id: helpTickets.id });
  if (!ticket) {
    throw errors.alreadyOpen('an account request is already open', MSG.accountAlreadyRequested);
  }
  return ticket.id;
}
