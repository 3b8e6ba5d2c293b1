import { useQuery } from '@tanstack/react-query';
import { KYC_MAX_BYTES, type KycDocumentKind } from '../../../shared/vocabulary.ts';
import { ApiFailure, callRoute } from '../../api/client.ts';

export const KYC_KEY = ['kyc'];

export const useKyc = () =>
  useQuery({ queryKey: KYC_KEY, queryFn: async () => (await callRoute('get-kyc', {})).kyc });

/**
 * Sends a document: the file's bytes as the body, its type as Content-Type (the server checks the
 * bytes themselves). A file over the limit is refused here first, with the server's own message.
 */
export async function uploadDocument(kind: KycDocumentKind, file: File): Promise<string> {
  if (file.size > KYC_MAX_BYTES) throw new ApiFailure('too_large', 'msg3203', 'file too large', {});
  let response: Response;
  try {
    response = await fetch(`/api/kyc/documents/${kind}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiFailure('network', 'msg2012', 'network error', {});
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (json.status !== 'success') {
    const msg = json.status === 'too_large' ? 'msg3203' : typeof json.msg === 'string' ? json.msg : 'msg2012';
    throw new ApiFailure(String(json.status ?? 'error'), msg, String(json.message ?? ''), json);
  }
  return String(json.msg ?? 'msg3202');
}

/** Opens one of the member's own documents: POST like every member call, saved through a temporary link. */
export async function downloadDocument(id: number, name: string): Promise<void> {
  const response = await fetch('/api/routes/get-kyc-document', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ id }),
  });
  if (!response.ok) throw new ApiFailure('error', 'msg2012', 'download failed', {});
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
