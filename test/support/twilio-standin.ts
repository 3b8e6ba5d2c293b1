import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioRequest {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

interface Answer {
  status: number;
  body: object;
}

/**
 * Twilio's Messages API as far as our transport uses it, on a free loopback port: it keeps every
 * request and answers 201 with a message sid, or the answers queued with `answerNext` first (a 503,
 * Twilio's 400 for a number it will not reach, ...).
 */
export async function startTwilioStandIn() {
  const requests: TwilioRequest[] = [];
  const queued: Answer[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (request, response) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, form });
    const answer = queued.shift() ?? {
      status: 201,
      body: { sid: `SM${String(requests.length).padStart(32, '0')}`, status: 'queued', to: form.To },
    };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answerNext: (...answers: Answer[]) => queued.push(...answers),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
