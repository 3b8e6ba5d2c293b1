import { MSG, type MsgKey, STATUS } from '../../shared/messages.ts';

type Extra = Record<string, unknown>;

/**
 * A refusal a page can show: thrown anywhere below a route, shaped into a reply by the error handler.
 * Make one through the named factories below (`errors.notFound(...)`), not with `new`.
 */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    readonly msg: MsgKey,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toReply(): Record<string, unknown> {
    return { status: this.status, msg: this.msg, message: this.message, ...this.extra };
  }
}

/**
 * Every refusal the API gives, by name: `throw errors.notFound('member 7')`. Each fixes the HTTP
 * code and status word once, so the same situation answers the same way on every route; the
 * message key (what the page shows) defaults to the usual one and may be named where the spec
 * has a better one.
 */
export const errors = {
  /** 400: the input does not pass the contract or a rule of the request. */
  invalid: (message: string, msg: MsgKey = MSG.invalidInput, extra: Extra = {}) =>
    new ApiError(400, STATUS.invalid, msg, message, extra),
  /** 400: a referral code that is missing or unknown. */
  unknownReferral: (message: string) => new ApiError(400, STATUS.cantFindCode, MSG.referralUnknown, message),
  /** 401: no live session. */
  unauthorized: (message = 'login required') =>
    new ApiError(401, STATUS.unauthorized, MSG.loginNeeded, message),
  /** 401: wrong credentials (never says which part was wrong). */
  loginFailed: (message: string) => new ApiError(401, STATUS.invalid, MSG.loginFailed, message),
  /** 400: a password the request must carry is wrong (the product's `pass`). */
  wrongPass: (message: string) => new ApiError(400, STATUS.pass, MSG.passwordWrong, message),
  /** 401: a server-to-server call whose signature does not verify. */
  badSignature: (message: string) => new ApiError(401, STATUS.forbidden, MSG.forbidden, message),
  /** 403: the caller may not do this (role, cross-site request, blocked account ...). */
  forbidden: (message: string, msg: MsgKey = MSG.forbidden) =>
    new ApiError(403, STATUS.forbidden, msg, message),
  /** 403: a break or self-exclusion the member chose; `until` says when it can end. */
  excluded: (message: string, msg: MsgKey, extra: Extra = {}) =>
    new ApiError(403, STATUS.excluded, msg, message, extra),
  /** 403: a limit the member set on themselves refuses this deposit or stake (which, and when it resets, in `extra`). */
  limitReached: (message: string, msg: MsgKey, extra: Extra = {}) =>
    new ApiError(403, STATUS.limit, msg, message, extra),
  /** 403: registration or a desk is closed. */
  closed: (message: string, msg: MsgKey) => new ApiError(403, STATUS.closed, msg, message),
  /** 403: closed at this time of day (the cashier desks' hours). */
  closedNow: (message: string, msg: MsgKey) => new ApiError(403, STATUS.time, msg, message),
  /** 403: switched off by an operator. */
  disabled: (message: string, msg: MsgKey) => new ApiError(403, 'disabled', msg, message),
  /** 404: `no <what>`. */
  notFound: (what: string, msg: MsgKey = MSG.notFound) =>
    new ApiError(404, STATUS.notFound, msg, `no ${what}`),
  /** 404 with a message of its own (a member's list has no such item). */
  notInList: (message: string, msg: MsgKey) => new ApiError(404, STATUS.notFound, msg, message),
  /** 405: the member API takes POST only. */
  methodNotAllowed: (message: string) =>
    new ApiError(405, STATUS.methodNotAllowed, MSG.invalidInput, message),
  /** 409: it was done already, or clashes with what exists (taken code, decided request ...). */
  conflict: (message: string, extra: Extra = {}, msg: MsgKey = MSG.failure) =>
    new ApiError(409, STATUS.already, msg, message, extra),
  /** 409: the product's `alread` word (an open account request). */
  alreadyOpen: (message: string, msg: MsgKey) => new ApiError(409, STATUS.alread, msg, message),
  /** 409: an id or nick another member holds. */
  taken: (message: string, msg: MsgKey) => new ApiError(409, STATUS.alreadHaveUser, msg, message),
  /** 409: a request of this kind already waits. */
  waiting: (message: string, msg: MsgKey, extra: Extra = {}) =>
    new ApiError(409, STATUS.wait, msg, message, extra),
  /** 409: the same idempotency code with a different request. */
  duplicate: (message: string, msg: MsgKey = MSG.duplicateRequest) =>
    new ApiError(409, STATUS.duplicate, msg, message),
  /** 409: not enough cash. */
  insufficientBalance: (message: string, extra: Extra = {}) =>
    new ApiError(409, STATUS.balance, MSG.insufficientBalance, message, extra),
  /** 409: the member owes `owed` after a settlement correction or a reversed deposit, so no cash may leave for a withdrawal or the vault. */
  owing: (message: string, owed: number) => new ApiError(409, STATUS.debt, MSG.debtOwed, message, { owed }),
  /** 409: not enough comp to exchange. */
  lowPoint: (message: string, extra: Extra = {}) =>
    new ApiError(409, STATUS.lowPoint, MSG.compBelowMinimum, message, extra),
  /** 409: not now (a vendor under maintenance). */
  notNow: (message: string, msg: MsgKey) => new ApiError(409, STATUS.time, msg, message),
  /** 409: a transfer-wallet call while every game provider is seamless (nothing to move). */
  seamlessOnly: (message: string) => new ApiError(409, STATUS.seamless, MSG.seamlessWallet, message),
  /** 413: the body is over the limit. */
  tooLarge: (message = 'request body too large', msg: MsgKey = MSG.tooLarge) =>
    new ApiError(413, STATUS.tooLarge, msg, message),
  /** 415: not JSON. */
  unsupportedMediaType: (message: string) =>
    new ApiError(415, STATUS.unsupportedMediaType, MSG.invalidInput, message),
  /** 415: an uploaded file that is not of an accepted type, or not the type it claims to be. */
  fileRefused: (message: string, msg: MsgKey) => new ApiError(415, STATUS.unsupportedMediaType, msg, message),
  /** 403: a withdrawal over what the member's verification (KYC) level allows: `verifiedLevel` theirs, `requiredLevel` needed. */
  verificationRequired: (message: string, extra: { verifiedLevel: number; requiredLevel: number }) =>
    new ApiError(403, STATUS.verification, MSG.kycLevelRequired, message, extra),
  /** 429: too many tries; wait. */
  limited: (message: string, msg: MsgKey, extra: Extra = {}) =>
    new ApiError(429, STATUS.limited, msg, message, extra),
  /**
   * 503: the server cannot open a stored second-factor secret (a wrong TOTP_SECRET_KEY or a missing
   * TOTP_SECRET_KEY_PREVIOUS): the operator's setting to fix, not the user's code; logged as an error.
   */
  secretKeyMismatch: () =>
    new ApiError(
      503,
      STATUS.unavailable,
      MSG.secondFactorUnavailable,
      'neither TOTP_SECRET_KEY nor TOTP_SECRET_KEY_PREVIOUS opens a stored TOTP secret',
    ),
  /** 500: a write that should have worked did not; the page shows its own failure key. */
  failed: (message: string, msg: MsgKey) => new ApiError(500, STATUS.error, msg, message),
};
