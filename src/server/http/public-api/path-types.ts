import type { RouteName } from '../../../shared/contract/routes.ts';
import type { Db } from '../../db/client.ts';
import type { RouteContext } from '../member-api.ts';
import type { Fields } from './aliases.ts';

export interface BodyContext {
  db: Db;
}

export interface ReplyContext {
  /** The context the member route ran with (its member, site, request). */
  route: RouteContext;
  /** Scheme and host these clients called, for absolute URLs. */
  baseUrl: string;
}

/**
 * One `/public/<module>/<name>` path: the member route it runs (validation, session and rules
 * all theirs), how the older field names become ours, and how our reply gains the older names.
 */
export interface PublicPath {
  route: RouteName;
  /** For the API reference: the fields this path reads, where they differ from the route's contract. */
  about?: string;
  body?(raw: Fields, ctx: BodyContext): Fields | Promise<Fields>;
  reply?(answer: Fields, ctx: ReplyContext): Fields | Promise<Fields>;
}

export type PathTable = Record<string, PublicPath>;
