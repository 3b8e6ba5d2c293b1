/** The sandbox provider signs the exact bytes it sends (src/server/http/hmac-signature.ts) in this header. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
