import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  AdminEndpoint,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  ReplyValue,
} from '../../../shared/contract/admin/endpoint.ts';
import type { ReadFrom } from '../../../shared/contract/admin/read-from.ts';
import type { Permission } from '../../../shared/vocabulary.ts';
import type { Db } from '../../db/client.ts';
import type { AttemptLimits } from '../accounts/attempt-limits.ts';
import type { SecretKeys } from '../accounts/secret-box.ts';
import type { PaymentMode } from '../cashier/payments/test-payments.ts';
import type { Who } from './audited.ts';
import type { Operator } from './operators.service.ts';

/** What the admin API gives every handler: parsed input, the signed-in operator, the database. */
export interface AdminContext<E extends AdminEndpoint> {
  /** The primary; on a `reads: 'reports'` route, the replica while it is fresh enough. */
  db: Db;
  /** On a `reads: 'reports'` route: where `db` reads (shown on the screen). */
  readFrom: ReadFrom;
  /** The per-address limit of operator logins. */
  limits: AttemptLimits;
  /** TOTP_SECRET_KEY (and during a rotation the previous key): operators' TOTP secrets (accounts/secret-box.ts). */
  totpKeys: SecretKeys;
  /** Codes of the installed payment providers a payment option may name. */
  paymentProviders: readonly string[];
  /** Of those, the ones that move no real money (the sandbox). */
  testOnlyPaymentProviders: readonly string[];
  paymentMode: PaymentMode;
  operator: Operator;
  /** The operator and their address, as audited changes record them. */
  who: Who;
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a handler returns when it has sent the reply itself (a file, not JSON): the API then encodes
 * nothing. Only a route whose contract says its reply is a file may use it.
 */
export const SENT_BY_HANDLER = Symbol('sent by the handler');

/** Who may call a route: anyone (login), any signed-in operator, or a role holding a permission. */
export type AdminAccess = 'public' | 'operator' | Permission;

/** One admin API route: its contract endpoint, who may call it, and the handler. */
export interface AdminRoute<E extends AdminEndpoint = AdminEndpoint, A extends AdminAccess = AdminAccess> {
  endpoint: E;
  method: E['method'];
  /** The full URL, /api/admin + the endpoint's path. */
  url: string;
  permission: A;
  /** False for what the screens poll by themselves: such calls do not count as the operator's activity. */
  touch: boolean;
  /**
   * 'reports': a read-only screen (dashboard, searches, reports) that may read a replica. Never on a
   * route that decides or moves money: those read the primary.
   */
  reads: 'primary' | 'reports';
  handler(ctx: AdminContext<E>): Promise<ReplyValue<E> | typeof SENT_BY_HANDLER>;
}

/** A route any role holding its permission may call: what the screens' route files declare. */
export type ScreenRoute = AdminRoute<AdminEndpoint, Permission>;

export const ADMIN_PREFIX = '/api/admin';

/**
 * Declares a route for an endpoint of the admin contract; the handler's parsed input and its reply
 * are typed from the endpoint.
 */
export function adminRoute<E extends AdminEndpoint, A extends AdminAccess = Permission>(
  endpoint: E,
  options: {
    permission: A;
    touch?: boolean;
    reads?: 'primary' | 'reports';
    handler(ctx: AdminContext<E>): Promise<ReplyValue<E> | typeof SENT_BY_HANDLER>;
  },
): AdminRoute<AdminEndpoint, A> {
  return {
    endpoint,
    method: endpoint.method,
    url: `${ADMIN_PREFIX}${endpoint.path}`,
    permission: options.permission,
    touch: options.touch ?? true,
    reads: options.reads ?? 'primary',
    handler: options.handler as AdminRoute<AdminEndpoint, A>['handler'],
  };
}
