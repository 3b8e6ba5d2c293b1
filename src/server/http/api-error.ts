import { MSG, type MsgKey, STATUS } from '../../shared/messages.ts';

/** A refusal a page can show: thrown anywhere below a route, shaped into a reply by the error handler. */
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

export const invalid = (
  message: string,
  msg: MsgKey = MSG.invalidInput,
  extra: Record<string, unknown> = {},
) => new ApiError(400, STATUS.invalid, msg, message, extra);

export const unauthorized = (message = 'login required') =>
  new ApiError(401, STATUS.unauthorized, MSG.loginNeeded, message);
