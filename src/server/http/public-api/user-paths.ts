import type { MemberUser } from '../../../shared/contract/routes.ts';
import { vaultBalances } from '../../modules/vault/vault.service.ts';
import { type Fields, userAliases } from './aliases.ts';
import type { PathTable, ReplyContext } from './path-types.ts';

/** The member with the older names beside ours; `point` is the vault (one indexed read). */
async function userOf(answer: Fields, ctx: ReplyContext): Promise<Fields> {
  const member = ctx.route.member;
  const vault = member ? (await vaultBalances(ctx.route.db, member.memberId)).vault : 0;
  return userAliases(answer.user as MemberUser, vault);
}

/**
 * Registration with either field set: ours, or the older `{id, pw, pass_check, phone, bankname,
 * banknumber, bankowner, exchange_pw, code, nick}` where an empty nick is derived from the id.
 * `exchange_pw` (a separate withdrawal password) has no counterpart here and is not kept.
 */
function registrationBody(raw: Fields): Fields {
  const nick = typeof raw.nick === 'string' && raw.nick.trim() !== '' ? raw.nick : raw.id;
  if (raw.pass_check !== undefined && raw.pass_check !== raw.pw) {
    // The contract refuses a non-string password with a clear status and nothing written.
    return { ...raw, pw: { mismatch: 'pass_check differs from pw' } };
  }
  return {
    id: raw.id,
    pw: raw.pw,
    nick,
    phone: raw.phone,
    bankname: raw.bankname,
    bankOwner: raw.bankOwner ?? raw.bankowner,
    banknum: raw.banknum ?? raw.banknumber,
    code: raw.code === '' ? undefined : raw.code,
    // What a licensed site must record (issue 32): older front ends add these fields.
    email: raw.email === '' ? undefined : raw.email,
    birthDate: raw.birthDate,
    terms: raw.terms,
    termsVersion: raw.termsVersion,
  };
}

const REGISTRATION_FIELDS =
  'Our field set, or the older `{id, pw, pass_check, phone, bankname, banknumber, bankowner, exchange_pw, code, nick}`: ' +
  'an empty `nick` comes from `id`, `code` is the referral code, `exchange_pw` is not kept. Both also need ' +
  '`birthDate` (YYYY-MM-DD) and `terms: true`, `email` where the site recovers passwords by e-mail, and a ' +
  '`bankname` from the site list (`getRegDomain`). The new member is logged in: the reply has `session`.';

const vaultReply = (answer: Fields): Fields => ({ ...answer, point: answer.vault });

/** A login's answer with the older names: the token as `session`, the login id as `id`. */
const loggedInReply = (answer: Fields): Fields => ({ ...answer, session: answer.token, id: answer.userId });

/** `/public/user/...` */
export const userPaths: PathTable = {
  do_login: {
    route: 'user-do-login',
    about:
      '`{id, pw, otp?}`; answers the token as `session`, sent as the `session` header afterwards. A member who ' +
      'turned two-step login on gets `otp_required` (HTTP 401, msg3520) until `otp` carries a current code.',
    reply: loggedInReply,
  },
  user_health_check: {
    route: 'user-health-check',
    reply: async (answer, ctx) => ({ ...answer, user: await userOf(answer, ctx) }),
  },
  get_member: {
    route: 'user-health-check',
    reply: async (answer, ctx) => {
      const user = await userOf(answer, ctx);
      return { status: answer.status, user, member: user };
    },
  },
  reg: { route: 'user-register', about: REGISTRATION_FIELDS, body: registrationBody, reply: loggedInReply },
  regUsed: {
    route: 'user-register',
    about: REGISTRATION_FIELDS,
    body: registrationBody,
    reply: loggedInReply,
  },
  check_user_id: { route: 'check-user-id' },
  check_user_nick: { route: 'check-user-nick' },
  check_user_code: { route: 'check-user-code' },
  getRegDomain: { route: 'get-reg-domain' },
  user_exchange_to_pass: {
    route: 'user-set-password',
    about:
      '`{pass, otp?}`: the new login password, set without the current one; a member who turned two-step ' +
      'login on also sends `otp` (else `otp_required`, msg3520). The member’s other sessions end.',
    body: (raw) => ({ pw: raw.pass, otp: raw.otp }),
  },
  money_to_point: {
    route: 'vault-deposit',
    about:
      '`{balance, code?}`: moves `balance` from cash into the vault; the reply adds `point` (the vault). ' +
      'While the member owes a debt: `debt` (msg3041, the amount in `owed`); while a cash-first bonus runs: ' +
      '`already` (msg3610).',
    body: (raw) => ({ amount: raw.balance, code: raw.code }),
    reply: vaultReply,
  },
  point_to_money: {
    route: 'vault-withdraw',
    about: '`{point, code?}`: moves `point` from the vault back to cash; the reply adds `point` (the vault).',
    body: (raw) => ({ amount: raw.point, code: raw.code }),
    reply: vaultReply,
  },
  user_chang_to_point: { route: 'roll-to-balance' },
};
