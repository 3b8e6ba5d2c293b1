import escapeHtml from 'escape-html';

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

/** The built-in games' own emblem and colours, so no two of their tiles look alike. */
const OWN_ART: Record<string, { emblem: string; palette: [string, string, string] }> = {
  roulette: { emblem: '◎', palette: ['#1a472a', '#7a0c1c', '#ffd166'] },
  blackjack: { emblem: '21', palette: ['#0b132b', '#1c2541', '#e0b43a'] },
  baccarat: { emblem: '♦', palette: ['#590d22', '#c9184a', '#ffccd5'] },
  'baccarat-squeeze': { emblem: '♥', palette: ['#2b0a3d', '#6a1b9a', '#f8bbd0'] },
  'ocean-treasure': { emblem: '⚓', palette: ['#03045e', '#0077b6', '#90e0ef'] },
  'jungle-gems': { emblem: '◆', palette: ['#1b4332', '#40916c', '#b7e4c7'] },
};

/** A drawn tile for a vendor or game: our own artwork, so the demo hot-links nothing. */
export function tileSvg(code: string, title: string, kind: 'vendor' | 'game'): string {
  const h = hashOf(code);
  const own = kind === 'game' ? OWN_ART[code] : undefined;
  const [from, to, accent] = own?.palette ?? PALETTES[h % PALETTES.length]!;
  const emblem = own?.emblem ?? (kind === 'vendor' ? '♛' : ['♠', '♥', '♦', '♣', '★', '7'][h % 6]);
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
