/**
 * What other modules use of the members' sessions: the look-up behind every member request and live
 * stream, ending every session of a member, a member's log-ins and when a session began. The queries stay in
 * sessions.repo.ts; this file is the accounts module's door to them.
 */
export {
  activeSessionsOf,
  findSessionMember,
  findSessionMembers,
  loginsOf,
  recentLogins,
  revokeAllSessions,
  type SessionMember,
  sessionStartedAt,
} from './sessions.repo.ts';
