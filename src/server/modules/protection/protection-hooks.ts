import type { Db } from '../../db/client.ts';
import type { Site } from '../sites/sites.service.ts';
import { auditProtection } from './protection-audit.ts';

/*
 * What the rest of the platform does when a member's break or self-exclusion starts, without protection
 * knowing who does it: app.ts registers the hooks when it builds the app (the built-in sportsbook
 * cancels open bets, src/server/providers/sports/protection-hook.ts). Protection imports no provider.
 */

export interface ProtectionStarted {
  db: Db;
  memberId: number;
  kind: 'break' | 'exclusion';
  /** The member's site: its settings say what a hook does (`sportsBetsOnBreak`). */
  site: Site;
}

/** What a hook did, written to the audit log as `protection.<action>`; undefined when it did nothing. */
export type ProtectionHookResult = { action: string; detail: Record<string, unknown> } | undefined;

export type ProtectionStartedHook = (event: ProtectionStarted) => Promise<ProtectionHookResult>;

export interface ProtectionHooks {
  /** Run in order after the break or self-exclusion committed. */
  onStarted: readonly ProtectionStartedHook[];
}

export const NO_PROTECTION_HOOKS: ProtectionHooks = { onStarted: [] };

/** Runs the hooks of a started break or self-exclusion; each one that acted is a protection entry in the audit log. */
export async function protectionStarted(hooks: ProtectionHooks, event: ProtectionStarted, ip?: string) {
  for (const hook of hooks.onStarted) {
    const done = await hook(event);
    if (done) {
      await event.db.transaction((tx) => auditProtection(tx, event.memberId, done.action, done.detail, ip));
    }
  }
}
