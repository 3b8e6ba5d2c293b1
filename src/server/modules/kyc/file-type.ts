import type { KycFileType } from '../../../shared/vocabulary.ts';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type a file's first bytes say it is, among the four a document may be; undefined for anything
 * else (HTML, SVG, scripts, archives, a renamed file). The browser's claimed type and the file's name
 * are never trusted: a member's upload is served back to operators, so it must be what it says.
 * A small check of the signatures (magic bytes) rather than a dependency: four formats, each fixed.
 */
export function sniffFileType(bytes: Uint8Array): KycFileType | undefined {
  // JPEG: SOI marker then the start of another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // PNG: its eight-byte signature, then the IHDR chunk.
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes, ascii('IHDR'), 12)
  )
    return 'image/png';
  // WebP: a RIFF container whose form type is WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  // PDF: the header comment at the very start.
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

/** The file extension a download is named with, from the sniffed type. */
export const EXTENSION: Record<KycFileType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
