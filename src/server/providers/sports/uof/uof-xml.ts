import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { firstIssue } from '../../../http/first-issue.ts';
import {
  UOF_KINDS,
  type UofFixture,
  type UofKind,
  type UofMessage,
  uofFixture,
  uofMessage,
} from './uof-messages.ts';

/** The largest message the adapter reads (a full odds_change of a big match is well under this). */
export const MAX_MESSAGE_BYTES = 2_000_000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  // Names arrive escaped ("Brighton &amp; Hove", "60&#39;"): XML's entities and character references
  // are decoded. A message with a DOCTYPE is refused before parsing (`readXml`), so none of its own
  // entities is ever expanded.
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
});

/** Parses a feed document; one that declares a DOCTYPE is not a feed message and throws. */
function readXml(xml: string): Record<string, unknown> {
  if (/<!DOCTYPE/i.test(xml)) throw new Error('a DOCTYPE is not allowed');
  return parser.parse(xml, true) as Record<string, unknown>;
}

export type Parsed =
  | { ok: true; message: UofMessage; key: string }
  | { ok: false; key: string; kind: string; reason: string };

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * Reads one message: its root names its kind, its attributes are checked against the schema's shapes.
 * Its key (kind, producer, event, feed time and a digest of its content) is what makes a repeat a
 * repeat; a malformed message gets a key from its bytes, so it is counted once too.
 */
export function parseUofMessage(xml: string): Parsed {
  const bad = (kind: string, reason: string): Parsed => ({
    ok: false,
    key: `bad:${digest(xml)}`,
    kind,
    reason,
  });
  if (xml.length > MAX_MESSAGE_BYTES) return bad('oversized', `over ${MAX_MESSAGE_BYTES} bytes`);
  let tree: Record<string, unknown>;
  try {
    tree = readXml(xml);
  } catch (error) {
    return bad('malformed', `not XML: ${(error as Error).message.slice(0, 200)}`);
  }
  const roots = Object.keys(tree);
  if (roots.length !== 1) return bad('malformed', 'not one root element');
  const kind = roots[0]!;
  if (!UOF_KINDS.includes(kind as UofKind))
    return bad(kind.slice(0, 40), `unknown message ${kind.slice(0, 40)}`);
  const body = tree[kind];
  const parsed = uofMessage.safeParse({ ...(typeof body === 'object' && body ? body : {}), kind });
  if (!parsed.success) {
    return bad(kind, firstIssue(parsed.error, kind));
  }
  const m = parsed.data;
  // A recovery resends a message with its own request id: the same message all the same.
  const { request_id: _request, ...content } = m as UofMessage & { request_id?: string };
  const event = 'event_id' in m ? m.event_id : '-';
  const key =
    m.kind === 'alive' || m.kind === 'snapshot_complete'
      ? `${m.kind}:${m.product}:${m.timestamp}:${m.kind === 'snapshot_complete' ? m.request_id : m.subscribed}`
      : `${m.kind}:${m.product}:${event}:${m.timestamp}:${digest(JSON.stringify(content))}`;
  return { ok: true, message: m, key };
}

/** Reads the REST API's fixture.xml (`<fixtures_fixture><fixture …>`). */
export function parseUofFixture(xml: string): UofFixture | undefined {
  try {
    const tree = readXml(xml) as { fixtures_fixture?: { fixture?: unknown } };
    const parsed = uofFixture.safeParse(tree.fixtures_fixture?.fixture);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
