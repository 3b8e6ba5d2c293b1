import { z } from 'zod';
import { WALLET_SIGNATURE_HEADER } from '../../modules/games/provider.ts';
import { WALLET_HTTP_STATUS, walletRequests } from '../../modules/games/wallet/wallet.schemas.ts';
import { jsonContent, jsonSchema } from './json-schema.ts';
import type { ApiSection } from './section.ts';

/** Every wallet reply: a status word; success carries the balance, refusals a message. */
const walletReply = z.looseObject({
  status: z.enum(Object.keys(WALLET_HTTP_STATUS) as [string, ...string[]]),
  message: z.string().optional(),
  balance: z.number().int().optional(),
  currency: z.string().optional(),
  /** authenticate: the built-in tables' rules of the player's site (providers of other games ignore it). */
  tableRules: z.object({ laPartage: z.boolean(), dealerHitsSoft17: z.boolean() }).optional(),
  /** authenticate: the game the launch token was opened for; the wallet records the token's rounds under it. */
  gameCode: z.string().optional(),
  txId: z.string().optional(),
  /** Corrections: what the member still owes after this call (a take-back they could not cover). */
  debt: z.number().int().optional(),
});

/** The seamless wallet game providers call (POST /wallet/{provider}/{operation}), signed over the raw body. */
export function walletSection(): ApiSection {
  const reply = jsonContent(jsonSchema(walletReply));
  const codes = [...new Set(Object.values(WALLET_HTTP_STATUS))].sort();
  const paths: ApiSection['paths'] = {};
  for (const [op, schema] of Object.entries(walletRequests)) {
    paths[`/wallet/{provider}/${op}`] = {
      post: {
        operationId: `wallet.${op}`,
        tags: ['wallet'],
        security: [{ walletSignature: [] }],
        parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: jsonContent(jsonSchema(schema)) },
        responses: Object.fromEntries(
          codes.map((code) => [
            String(code),
            {
              description: Object.entries(WALLET_HTTP_STATUS)
                .filter(([, c]) => c === code)
                .map(([word]) => word)
                .join(', '),
              content: reply,
            },
          ]),
        ),
      },
    };
  }
  return {
    tags: [{ name: 'wallet', description: 'The seamless wallet API game providers call' }],
    paths,
    securitySchemes: {
      walletSignature: {
        type: 'apiKey',
        in: 'header',
        name: WALLET_SIGNATURE_HEADER,
        description: "HMAC-SHA256 of the exact body bytes with the provider's secret, hex",
      },
    },
  };
}
