import { inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countAllRows } from '../../../../test/support/db-counts.ts';
import { htmlBytes, jpegBytes, pdfBytes, solidPng, uploadKyc } from '../../../../test/support/kyc-files.ts';
import { balancesOf, expectSoundLedger, fund, memberIdOf, nextCode } from '../../../../test/support/money.ts';
import { useOperators } from '../../../../test/support/operators.ts';
import { ORIGIN, useTestApp } from '../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../test/support/test-db.ts';
import { KYC_MAX_BYTES } from '../../../shared/vocabulary.ts';
import { KYC_UPLOADS_PER_HOUR } from '../accounts/attempt-limits.ts';
import { verifyAuditChain } from '../backoffice/audit.service.ts';
import { auditLog } from '../backoffice/backoffice.schema.ts';
import { cashRequests } from '../cashier/cashier.schema.ts';

describe.runIf(backendAvailable)('verification (KYC): documents, review, withdrawal levels', () => {
  const t = useTestApp();
  const ops = useOperators(t);
  let siteId = 0;

  const withdraw = (token: string, amount: number) =>
    t.call('apply-user-withdraw', { balance: amount, code: nextCode() }, { token });
  const kycOf = async (token: string) => (await t.call('get-kyc', {}, { token })).json().kyc;
  const decide = (id: number, body: object, role: 'compliance' | 'owner' = 'compliance') =>
    ops.as(role).post(`/api/admin/kyc/documents/${id}/decision`, body);

  beforeAll(async () => {
    const sites = (await ops.as('owner').get('/api/admin/settings/sites')).json().sites;
    siteId = sites.find((s: { isDefault: boolean }) => s.isDefault).id;
    // Any withdrawal needs the identity document (level 1); one over 100,000 needs all three (level 2).
    const set = await ops
      .as('owner')
      .post(`/api/admin/settings/sites/${siteId}/kyc`, { withdrawLevel: 1, over: 100_000, overLevel: 2 });
    expect(set.json()).toMatchObject({
      status: 'success',
      settings: { kyc: { withdrawLevel: 1, over: 100_000 } },
    });
  });

  it('refuses a withdrawal over the verified level until an operator approves the documents', async () => {
    const { token } = await t.login();
    await fund(t, token, 500_000);

    const refused = await withdraw(token, 10_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 'verification',
      msg: 'msg3201',
      requiredLevel: 1,
      verifiedLevel: 0,
    });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 500_000, held: 0 });
    expect((await t.call('get-withdraw-list', {}, { token })).json().list).toEqual([]);

    // Under review is not verified: the upload alone changes nothing.
    const uploaded = await uploadKyc(t, token, 'identity', solidPng(), 'image/png');
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({
      status: 'success',
      msg: 'msg3202',
      document: { status: 'pending' },
    });
    expect((await withdraw(token, 10_000)).json()).toMatchObject({
      status: 'verification',
      requiredLevel: 1,
    });

    const queue = (await ops.as('compliance').get('/api/admin/kyc/queue')).json().documents;
    const waiting = queue.find((d: { id: number }) => d.id === uploaded.json().document.id);
    expect(waiting).toMatchObject({ kind: 'identity', mime: 'image/png', level: 0, status: 'pending' });

    const approved = await decide(waiting.id, {
      decision: 'approve',
      note: 'passport checked against photo',
    });
    expect(approved.json()).toMatchObject({ status: 'success', level: 1, document: { status: 'approved' } });
    expect(await kycOf(token)).toMatchObject({ level: 1 });

    // Level 1 covers a small withdrawal, not one over 100,000.
    const big = await withdraw(token, 200_000);
    expect(big.json()).toMatchObject({ status: 'verification', requiredLevel: 2, verifiedLevel: 1 });
    const small = await withdraw(token, 10_000);
    expect(small.json()).toMatchObject({ status: 'success', msg: 'msg2015' });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 490_000, held: 10_000 });
    await expectSoundLedger(t.db);

    // The decision is in the hash-chained audit log, and the chain holds.
    const entries = await t.db.select().from(auditLog).where(like(auditLog.action, 'kyc.%'));
    expect(entries.map((e) => e.action)).toContain('kyc.approve');
    expect(entries.find((e) => e.target === `kyc-document:${waiting.id}`)?.operatorLogin).toBe(
      ops.logins.compliance,
    );
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  it('weighs the amount rule on the withdrawals of the last 24 hours: split ones do not pass it', async () => {
    const { token } = await t.login();
    await fund(t, token, 500_000);
    const id = (await uploadKyc(t, token, 'identity', solidPng(), 'image/png')).json().document.id;
    expect((await decide(id, { decision: 'approve' })).json()).toMatchObject({ level: 1 });
    const pay = (requestId: number, decision: 'approve' | 'reject') =>
      ops.as('cashier').post(`/api/admin/cashier/withdraw/${requestId}/${decision}`, {
        reason: decision === 'reject' ? 'the account name does not match' : undefined,
      });

    // 60,000 paid, then 60,000 more the same day: 120,000 in all, over the 100,000 that needs level 2.
    const first = await withdraw(token, 60_000);
    expect(first.json()).toMatchObject({ status: 'success' });
    expect((await pay(first.json().requestId, 'approve')).statusCode).toBe(200);
    const second = await withdraw(token, 60_000);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ status: 'verification', requiredLevel: 2, verifiedLevel: 1 });
    expect(await balancesOf(t, token)).toMatchObject({ cash: 440_000, held: 0 });

    // What fits beside it still goes; a rejected request gave its money back and weighs nothing.
    const third = await withdraw(token, 40_000);
    expect(third.json()).toMatchObject({ status: 'success' });
    expect((await pay(third.json().requestId, 'reject')).statusCode).toBe(200);
    const fourth = await withdraw(token, 40_000);
    expect(fourth.json()).toMatchObject({ status: 'success' });
    expect((await pay(fourth.json().requestId, 'approve')).statusCode).toBe(200);

    // A day later the paid ones no longer weigh.
    const paid = [first.json().requestId, fourth.json().requestId];
    await t.db
      .update(cashRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(inArray(cashRequests.id, paid));
    expect((await withdraw(token, 60_000)).json()).toMatchObject({ status: 'success' });
    await expectSoundLedger(t.db);
  });

  it("shows a rejected document's reason to the member (page and note), never the operators' note", async () => {
    const { token } = await t.login();
    const id = (await uploadKyc(t, token, 'address', pdfBytes(), 'application/pdf')).json().document.id;
    const rejected = await decide(id, {
      decision: 'reject',
      reason: 'The bill is older than three months.',
      note: 'internal: dated 2024',
    });
    expect(rejected.json()).toMatchObject({ status: 'success', level: 0, document: { status: 'rejected' } });

    const kyc = await kycOf(token);
    expect(kyc.documents[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'The bill is older than three months.',
    });
    expect(JSON.stringify(kyc)).not.toContain('internal: dated 2024');
    const notes = (await t.call('get-note-list', { page: 1 }, { token })).json().notes;
    expect(notes[0].contents).toContain('The bill is older than three months.');
    expect(JSON.stringify(notes)).not.toContain('internal');

    // Rejected once, decided: a second decision is refused; a rejection needs a reason.
    expect((await decide(id, { decision: 'approve' })).statusCode).toBe(409);
    const other = (await uploadKyc(t, token, 'address', pdfBytes(), 'application/pdf')).json().document.id;
    const noReason = await decide(other, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect((await kycOf(token)).documents[0]).toMatchObject({ id: other, status: 'pending' });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(like(auditLog.target, `kyc-document:${id}`));
    expect(audit.map((e) => e.action)).toEqual(['kyc.reject']);
  });

  it('lets an operator ask for another document; the next upload of it fulfils the request', async () => {
    const { token, member } = await t.login();
    const id = (await uploadKyc(t, token, 'identity', jpegBytes(), 'image/jpeg')).json().document.id;
    await decide(id, { decision: 'approve' });
    // Approved: sending it again is refused, unless an operator asks.
    expect((await uploadKyc(t, token, 'identity', jpegBytes(), 'image/jpeg')).json()).toMatchObject({
      status: 'already',
      msg: 'msg3206',
    });
    const mid = await memberIdOf(t.db, member.id);
    const asked = await ops.as('compliance').post(`/api/admin/kyc/members/${mid}/request`, {
      kind: 'selfie',
      message: 'Hold your ID next to your face.',
    });
    expect(asked.json()).toMatchObject({ status: 'success' });
    expect((await kycOf(token)).requests).toEqual([
      expect.objectContaining({ kind: 'selfie', message: 'Hold your ID next to your face.' }),
    ]);
    expect((await t.call('get-note-list', { page: 1 }, { token })).json().notes[0].contents).toContain(
      'Hold your ID next to your face.',
    );
    expect((await uploadKyc(t, token, 'selfie', solidPng(), 'image/png')).statusCode).toBe(200);
    expect((await kycOf(token)).requests).toEqual([]);
    // A second one of a kind while one waits is refused.
    expect((await uploadKyc(t, token, 'selfie', solidPng(), 'image/png')).json()).toMatchObject({
      status: 'wait',
      msg: 'msg3205',
    });
    // The member page's state, for every role that reads members, with the operators' view of it.
    const state = await ops.as('support').get(`/api/admin/kyc/members/${mid}`);
    expect(state.json()).toMatchObject({ level: 1, requests: [] });
    expect(state.json().documents.map((d: { kind: string }) => d.kind)).toEqual(['selfie', 'identity']);
  });

  it('refuses an upload too large, of the wrong type or lying about its type, and stores nothing', async () => {
    const { token } = await t.login();
    const before = await countAllRows(t.db);
    const cases: [Buffer, string | undefined, number, string, string][] = [
      [Buffer.alloc(KYC_MAX_BYTES + 1, 0xff), 'image/jpeg', 413, 'too_large', 'msg3004'],
      [Buffer.concat([jpegBytes(), Buffer.alloc(KYC_MAX_BYTES)]), 'image/jpeg', 413, 'too_large', 'msg3004'],
      [htmlBytes(), 'text/html', 415, 'unsupported_media_type', 'msg3204'],
      [htmlBytes(), 'image/png', 415, 'unsupported_media_type', 'msg3204'],
      [pdfBytes(), 'image/png', 415, 'unsupported_media_type', 'msg3204'],
      [solidPng(), 'application/pdf', 415, 'unsupported_media_type', 'msg3204'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'image/svg+xml',
        415,
        'unsupported_media_type',
        'msg3204',
      ],
      [solidPng(), undefined, 415, 'unsupported_media_type', 'msg3204'],
      [Buffer.alloc(0), 'image/png', 415, 'unsupported_media_type', 'msg3204'],
    ];
    for (const [bytes, type, code, status, msg] of cases) {
      const res = await uploadKyc(t, token, 'identity', bytes, type);
      const label = `${type} ${bytes.length} bytes → ${res.statusCode} ${res.body.slice(0, 120)}`;
      expect(res.statusCode, label).toBe(code);
      expect(res.json(), label).toMatchObject({ status, msg });
    }
    // No session, a foreign origin, an unknown kind.
    expect((await uploadKyc(t, undefined, 'identity', solidPng(), 'image/png')).statusCode).toBe(401);
    const foreign = await uploadKyc(t, token, 'identity', solidPng(), 'image/png', {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await uploadKyc(t, token, 'passport', solidPng(), 'image/png')).statusCode).toBe(400);
    // Only the member's upload counter (KYC_UPLOADS_PER_HOUR) is new.
    expect(await countAllRows(t.db)).toEqual({ ...before, attempt_limits: before.attempt_limits! + 1 });
    expect((await kycOf(token)).documents).toEqual([]);
  });

  it('stops a member after KYC_UPLOADS_PER_HOUR uploads in an hour, refused ones counted; others go on', async () => {
    const { token } = await t.login();
    for (let i = 0; i < KYC_UPLOADS_PER_HOUR; i++) {
      expect((await uploadKyc(t, token, 'identity', htmlBytes(), 'image/png')).statusCode).toBe(415);
    }
    const limited = await uploadKyc(t, token, 'identity', solidPng(), 'image/png');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      status: 'limited',
      msg: 'msg3009',
      retryAfter: expect.any(Number),
    });
    expect(limited.json().retryAfter).toBeGreaterThan(3000);
    expect((await kycOf(token)).documents).toEqual([]);
    const other = await t.login();
    expect((await uploadKyc(t, other.token, 'identity', solidPng(), 'image/png')).statusCode).toBe(200);
  });

  it('serves a document only to its member and to operators with the compliance role, as a download', async () => {
    const owner = await t.login();
    const stranger = await t.login();
    const png = solidPng(4);
    const id = (await uploadKyc(t, owner.token, 'identity', png, 'image/png')).json().document.id;

    const own = await t.call('get-kyc-document', { id }, { token: owner.token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(png)).toBe(true);
    expect(own.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="identity-${id}.png"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(String(own.headers['content-security-policy'])).toContain('sandbox');

    const other = await t.call('get-kyc-document', { id }, { token: stranger.token });
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes(png)).toBe(false);
    expect((await t.call('get-kyc-document', { id }, {})).statusCode).toBe(401);

    const url = `/api/admin/kyc/documents/${id}/file`;
    for (const role of ['cashier', 'support', 'content', 'trading'] as const) {
      const res = await ops.as(role).get(url);
      expect(res.statusCode, role).toBe(403);
      expect(res.rawPayload.includes(png), role).toBe(false);
    }
    const compliance = await ops.as('compliance').get(url);
    expect(compliance.statusCode).toBe(200);
    expect(compliance.rawPayload.equals(png)).toBe(true);
    expect(compliance.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
    });
    expect(String(compliance.headers['content-disposition'])).toMatch(/^attachment;/);
    const guest = await t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
    expect(guest.statusCode).toBe(401);
    expect((await ops.as('compliance').get('/api/admin/kyc/documents/999999/file')).statusCode).toBe(404);
  });

  describe.runIf(isPostgres)('under concurrency', () => {
    it('keeps one waiting document per kind when the same upload races', async () => {
      const { token } = await t.login();
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => uploadKyc(t, token, 'address', pdfBytes(), 'application/pdf')),
      );
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(7);
      expect((await kycOf(token)).documents).toHaveLength(1);
    });
  });
});
