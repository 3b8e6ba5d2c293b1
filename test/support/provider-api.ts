import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { houseContract } from '../../src/shared/contract/house-api.ts';
import {
  type ProviderApi,
  providerRefusal,
  refusalsOf,
  UNKNOWN_ACTION,
} from '../../src/shared/contract/provider-api.ts';
import type { TestApp } from './test-app.ts';

/**
 * Checks a reply of a provider's window API against the action's contract: an answer has the HTTP
 * code its status word has there and names exactly the fields the contract does (no more, no
 * fewer); a refusal is one the action lists for its HTTP code. Replies the transport gives (a body
 * over the limit, another content type, a fault) are not the contract's and are left alone.
 */
export function expectConforms(api: ProviderApi, action: string, res: LightMyRequestResponse): void {
  if (res.statusCode >= 413) return;
  const label = `${api.base}/${action} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  const body = res.json() as { status?: unknown };
  const spec = Object.hasOwn(api.actions, action) ? api.actions[action] : undefined;
  if (!spec) {
    expect([res.statusCode, body.status], label).toEqual([UNKNOWN_ACTION.code, UNKNOWN_ACTION.status]);
    return;
  }
  const status = String(body.status);
  if (Object.hasOwn(spec.answers, status) && spec.answers[status] === res.statusCode) {
    const parsed = spec.response.safeParse(body);
    expect(parsed.error?.issues, label).toBeUndefined();
    // Parsing drops any field the contract does not name: what is left must be the whole reply.
    expect(parsed.data, label).toEqual(body);
    return;
  }
  expect(refusalsOf(spec)[res.statusCode] ?? [], label).toContain(status);
  expect(providerRefusal.safeParse(body).success, label).toBe(true);
}

/** POST /house/api/<action>, what a game window sends; the reply is checked against the contract. */
export async function houseApiCall(t: TestApp, action: string, body: object) {
  const res = await t.app.inject({ method: 'POST', url: `/house/api/${action}`, payload: body });
  expectConforms(houseContract, action, res);
  return res;
}
