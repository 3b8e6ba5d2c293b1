import type { ReactNode } from 'react';
import { bell, cherries } from './common.tsx';

/** The classic slot's symbols (Ocean Treasure, Jungle Gems), drawn without lettering. */
export const CLASSIC_ART: Record<string, ReactNode> = {
  wild: (
    <g>
      <polygon
        points="50,6 61,38 95,38 67,58 78,92 50,72 22,92 33,58 5,38 39,38"
        fill="#ffd24a"
        stroke="#b8860b"
        strokeWidth="3"
      />
      <circle cx="50" cy="52" r="10" fill="#fff3b0" stroke="#7a1f00" strokeWidth="3" />
    </g>
  ),
  seven: <path d="M18 14h64v14L50 90H30l30-60H18z" fill="#e3172d" stroke="#7d0010" strokeWidth="3" />,
  crown: (
    <g>
      <polygon
        points="12,78 18,30 36,52 50,20 64,52 82,30 88,78"
        fill="#f5c542"
        stroke="#a67c00"
        strokeWidth="3"
      />
      <rect x="12" y="76" width="76" height="10" rx="3" fill="#d4a017" />
      <circle cx="50" cy="50" r="6" fill="#e3172d" />
    </g>
  ),
  bell,
  bar: (
    <g>
      <rect x="10" y="28" width="80" height="18" rx="5" fill="#1d1d1d" stroke="#f5c542" strokeWidth="3" />
      <rect x="10" y="54" width="80" height="18" rx="5" fill="#1d1d1d" stroke="#f5c542" strokeWidth="3" />
    </g>
  ),
  plum: (
    <g>
      <circle cx="50" cy="56" r="30" fill="#7b2cbf" stroke="#3c096c" strokeWidth="3" />
      <path d="M50 26c4-10 14-14 22-12-4 8-12 12-22 12z" fill="#52b788" />
      <ellipse cx="40" cy="46" rx="7" ry="10" fill="#c77dff" opacity="0.6" />
    </g>
  ),
  lemon: (
    <g>
      <ellipse cx="50" cy="52" rx="36" ry="27" fill="#ffe135" stroke="#c9a400" strokeWidth="3" />
      <ellipse cx="38" cy="44" rx="9" ry="5" fill="#fff6a8" opacity="0.8" />
    </g>
  ),
  cherry: cherries('#d00000', '#6a040f', '#ff8fa3'),
};
