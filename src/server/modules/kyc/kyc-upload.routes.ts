import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages.ts';
import { KYC_DOCUMENT_KINDS, KYC_MAX_BYTES, type KycDocumentKind } from '../../../shared/vocabulary.ts';
import type { Db } from '../../db/client.ts';
import { sameOriginOnly } from '../../http/csrf.ts';
import { errors } from '../../http/errors.ts';
import { assertMemberOfSite } from '../../http/member-site.ts';
import { readSessionToken, SESSION_COOKIE } from '../../http/session-token.ts';
import { type AttemptLimits, reserveAttempt } from '../accounts/attempt-limits.ts';
import type { SessionMember } from '../accounts/sessions.service.ts';
import { uploadDocument } from './kyc.service.ts';

export interface KycUploadDeps {
  db: Db;
  limits: AttemptLimits;
  /** The member behind a session token, or undefined when the session is not live. */
  resolveMember(token: string): Promise<SessionMember | undefined>;
}

const uploader = new WeakMap<FastifyRequest, SessionMember>();

const isKind = (kind: string): kind is KycDocumentKind =>
  (KYC_DOCUMENT_KINDS as readonly string[]).includes(kind);

/**
 * POST /api/kyc/documents/<kind>: a member's document, the file's bytes as the body and its type as
 * Content-Type. Not a JSON member route: a file is up to 5 MB where JSON bodies stop at 64 KB, and
 * base64 would add a third. The session and CSRF are checked before a byte of the body is read; the
 * body stops at KYC_MAX_BYTES (413); the service checks the bytes' real type (415) before storing.
 * Each member may send KYC_UPLOADS_PER_HOUR files (429 after), counted before the body is read.
 */
export async function kycUploadRoutes(app: FastifyInstance, deps: KycUploadDeps): Promise<void> {
  await app.register(async (scope) => {
    // Any declared type reaches the handler as bytes, so a wrong one is refused with the upload's own message.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: KYC_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { kind: string } }>(
      '/api/kyc/documents/:kind',
      {
        bodyLimit: KYC_MAX_BYTES,
        config: { binaryBody: true },
        onRequest: [
          sameOriginOnly([SESSION_COOKIE]),
          async (request) => {
            const token = readSessionToken(request);
            const member = token ? await deps.resolveMember(token) : undefined;
            if (!member) throw errors.unauthorized(token ? 'session expired or ended' : 'login required');
            assertMemberOfSite(member, await request.server.sites.resolve(request.hostname));
            const reservation = await reserveAttempt([deps.limits.kycUploads, String(member.memberId)]);
            if (!reservation.ok)
              throw errors.limited('too many documents sent in an hour', MSG.tooManyRequests, {
                retryAfter: reservation.retryAfter,
              });
            uploader.set(request, member);
          },
        ],
      },
      async (request) => {
        const { kind } = request.params;
        if (!isKind(kind)) throw errors.invalid(`kind: one of ${KYC_DOCUMENT_KINDS.join(', ')}`);
        const member = uploader.get(request) as SessionMember;
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const doc = await uploadDocument(deps.db, member.memberId, kind, {
          bytes: body,
          contentType: request.headers['content-type'],
        });
        return {
          status: 'success',
          msg: MSG.kycUploaded,
          document: {
            id: doc.id,
            kind: doc.kind,
            status: doc.status,
            mime: doc.mime,
            sizeBytes: doc.sizeBytes,
          },
        };
      },
    );
  });
}
