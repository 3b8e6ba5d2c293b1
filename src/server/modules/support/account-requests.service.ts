import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { errors } from '../../http/errors.ts';
import { isMemberPassword } from '../accounts/accounts.service.ts';
import type { AttemptLimits } from '../accounts/attempt-limits.ts';
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
  limits: AttemptLimits,
  member: SessionMember,
  site: Site,
  pass?: string,
): Promise<number> {
  if (pass !== undefined && !(await isMemberPassword(db, limits, member.memberId, pass))) {
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

/**
 * The member's latest account request, for the deposit page: waiting, or answered with the details
 * (the same ticket stays in Help). None when they never asked.
 */
export async function latestAccountRequest(db: Db, memberId: number) {
  const [ticket] = await db
    .select({
      id: helpTickets.id,
      status: helpTickets.status,
      answer: helpTickets.answer,
      answeredAt: helpTickets.answeredAt,
      createdAt: helpTickets.createdAt,
    })
    .from(helpTickets)
    .where(and(eq(helpTickets.memberId, memberId), eq(helpTickets.kind, 'account')))
    .orderBy(desc(helpTickets.id))
    .limit(1);
  if (!ticket) return null;
  return {
    id: ticket.id,
    answered: ticket.status === 'already',
    answer: ticket.status === 'already' ? ticket.answer : null,
    askedAt: ticket.createdAt.toISOString(),
    answeredAt: ticket.answeredAt ? ticket.answeredAt.toISOString() : null,
  };
}
