/**
 * What other modules use of the members' sessions: the look-up behind every member request and live
 * stream, ending every session of a member, a member's recent log-ins. The queries stay in
 * sessions.repo.ts; this file is the accounts module's door to them.
 */
export { findSessionMember, loginsOf, revokeAllSessions, type SessionMember } from './sessions.repo.ts';
