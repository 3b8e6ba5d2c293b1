import { escapeHtml } from '../../http/escape-html.ts';

/** Palettes for generated tile artwork: [from, to, accent]. */
const PALETTES: [string, string, string][] = [
  ['#3b0a45', '#a4133c', '#ffd166'],
  ['#0b3d91', '#1b998b', '#f4d35e'],
  ['#14213d', '#5a189a', '#fca311'],
  ['#1a472a', '#2d6a4f', '#ffd60a'],
  ['#590d22', '#c9184a', '#ffccd5'],
  ['#03045e', '#0077b6', '#90e0ef'],
];

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A drawn tile for a vendor or game: our own artwork, so the demo hot-links nothing. */
export function tileSvg(code: string, title: string, kind: 'vendor' | 'game'): string {
  const h = hashOf(code);
  const [from, to, accent] = PALETTES[h % PALETTES.length]!;
  const emblem = kind === 'vendor' ? '♛' : ['♠', '♥', '♦', '♣', '★', '7'][h % 6];
  const words = title.split(' ');
  const lines = words.length > 2 ? [words.slice(0, 2).join(' '), words.slice(2).join(' ')] : [title];
  const text = lines
    .map(
      (line, i) =>
        `<text x="160" y="${178 + i * 30}" text-anchor="middle" font-size="26" font-weight="700" fill="#fff">${escapeHtml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="r" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="${accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="320" height="240" rx="18" fill="url(#g)"/><rect width="320" height="240" rx="18" fill="url(#r)"/>
<circle cx="160" cy="92" r="52" fill="none" stroke="${accent}" stroke-width="4" opacity="0.9"/>
<text x="160" y="116" text-anchor="middle" font-size="64" fill="${accent}" font-family="serif">${emblem}</text>
${text}
</svg>`;
}
