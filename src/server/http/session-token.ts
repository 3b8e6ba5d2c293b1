import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../shared/session-hint.ts';

export const SESSION_COOKIE = 'sid';
/** Tokens are base64url of 32 random bytes; anything else is not worth a database lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim();
}

/** A token of the shape we issue, or undefined (anything else is not worth a database lookup). */
export const wellFormedToken = (token: string | undefined): string | undefined =>
  token && TOKEN_SHAPE.test(token) ? token : undefined;

/** The session token from `Authorization: Bearer` or the session cookie, when well-formed. */
export function readSessionToken(request: FastifyRequest): string | undefined {
  return wellFormedToken(bearerToken(request) ?? request.cookies[SESSION_COOKIE]);
}

export function usesCookieSession(request: FastifyRequest): boolean {
  return bearerToken(request) === undefined && request.cookies[SESSION_COOKIE] !== undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
  reply.setCookie(SIGNED_IN_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
