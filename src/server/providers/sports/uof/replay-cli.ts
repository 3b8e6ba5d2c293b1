import { readFileSync } from 'node:fs';
import { hmacSign } from '../../../http/hmac-signature.ts';
import { FEED_SIGNATURE_HEADER } from './replay.routes.ts';

/**
 * `npm run sports:replay -- <file> [--delay ms]`: sends a recorded UOF message file, one message a
 * line (blank lines and lines starting with # are skipped), in order into a running server's feed
 * (POST /sports/feed/replay on SERVER_URL, else PUBLIC_URL, else http://127.0.0.1:$PORT), signed with
 * SPORTS_FEED_SECRET (the server's). Prints each message's outcome and a count of them.
 */
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const delayAt = args.indexOf('--delay');
const delayMs = delayAt >= 0 ? Number(args[delayAt + 1]) : 0;
const secret = process.env.SPORTS_FEED_SECRET;
if (!file || !secret || !Number.isFinite(delayMs)) {
  console.error('usage: SPORTS_FEED_SECRET=… npm run sports:replay -- <file> [--delay ms]');
  process.exit(2);
}
const base = (
  process.env.SERVER_URL ||
  process.env.PUBLIC_URL ||
  `http://127.0.0.1:${process.env.PORT || 3000}`
).replace(/\/$/, '');
const messages = readFileSync(file, 'utf8')
  .split(/\r?\n/)
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const counts: Record<string, number> = {};
for (const [i, xml] of messages.entries()) {
  const res = await fetch(`${base}/sports/feed/replay`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', [FEED_SIGNATURE_HEADER]: hmacSign(secret, xml) },
    body: xml,
  });
  const answer = (await res.json().catch(() => ({}))) as {
    outcome?: string;
    kind?: string;
    message?: string;
  };
  const outcome = res.ok ? (answer.outcome ?? 'unknown') : `refused (${res.status})`;
  counts[outcome] = (counts[outcome] ?? 0) + 1;
  console.log(`${i + 1}\t${answer.kind ?? '-'}\t${outcome}${answer.message ? `\t${answer.message}` : ''}`);
  if (!res.ok && res.status !== 409) break;
  if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
}
console.log(
  Object.entries(counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(', '),
);
