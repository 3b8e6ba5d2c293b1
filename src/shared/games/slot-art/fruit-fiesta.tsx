import type { ReactNode } from 'react';
import { cherries } from './common.tsx';

/** Fruit Fiesta's symbols: a piñata star (the expanding wild) and summer fruit. */
export const FRUIT_FIESTA_ART: Record<string, ReactNode> = {
  star: (
    <g>
      <path d="M30 70l-6 24M42 74l-2 22M58 74l2 22M70 70l6 24" stroke="#ff3d7f" strokeWidth="4" />
      <path d="M34 72l-4 22M66 72l4 22" stroke="#2ec4b6" strokeWidth="4" />
      <polygon
        points="50,4 62,34 94,36 68,56 78,88 50,70 22,88 32,56 6,36 38,34"
        fill="#ff3d7f"
        stroke="#7a0a3a"
        strokeWidth="3"
      />
      <polygon points="50,22 57,40 76,41 61,53 66,72 50,61 34,72 39,53 24,41 43,40" fill="#ffd23f" />
      <circle cx="50" cy="48" r="8" fill="#2ec4b6" />
    </g>
  ),
  melon: (
    <g>
      <path d="M6 36h88a44 44 0 0 1-88 0z" fill="#2d9d4a" stroke="#145a26" strokeWidth="3" />
      <path d="M13 36h74a37 37 0 0 1-74 0z" fill="#ff4d5a" />
      <path
        d="M32 46l-2 5M46 52l0 6M60 46l2 5M40 62l-1 5M56 62l1 5"
        stroke="#222"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </g>
  ),
  grapes: (
    <g>
      <path d="M50 14c2-6 8-8 14-8" stroke="#2d6a4f" strokeWidth="4" fill="none" />
      <path d="M52 18c10-6 22-2 24 6-10 2-18 0-24-6z" fill="#52b788" />
      {[
        [36, 30],
        [52, 30],
        [68, 30],
        [44, 44],
        [60, 44],
        [36, 58],
        [52, 58],
        [68, 58],
        [44, 72],
        [60, 72],
        [52, 86],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="9" fill="#7b2cbf" stroke="#3c096c" strokeWidth="2" />
      ))}
    </g>
  ),
  orange: (
    <g>
      <circle cx="50" cy="54" r="36" fill="#ff9500" stroke="#b35900" strokeWidth="3" />
      <path d="M50 18c4-8 12-10 18-8-2 8-10 10-18 8z" fill="#3a9d23" />
      <ellipse cx="38" cy="42" rx="9" ry="6" fill="#ffc56e" />
    </g>
  ),
  lemon: (
    <g>
      <ellipse cx="50" cy="52" rx="38" ry="28" fill="#ffe135" stroke="#c9a400" strokeWidth="3" />
      <path d="M10 52l-6 2M90 52l6-2" stroke="#c9a400" strokeWidth="5" strokeLinecap="round" />
      <ellipse cx="38" cy="42" rx="10" ry="5" fill="#fff6a8" />
    </g>
  ),
  strawberry: (
    <g>
      <path
        d="M50 92C22 74 14 46 24 32c8-10 44-10 52 0 10 14 2 42-26 60z"
        fill="#e5383b"
        stroke="#8a1010"
        strokeWidth="3"
      />
      <path d="M30 26l10 8 10-12 10 12 10-8-4 12H34z" fill="#2d9d4a" />
      {[
        [38, 48],
        [56, 46],
        [46, 60],
        [62, 62],
        [36, 66],
        [50, 76],
      ].map(([x, y]) => (
        <ellipse key={`${x}-${y}`} cx={x} cy={y} rx="2" ry="3" fill="#ffd23f" />
      ))}
    </g>
  ),
  cherry: cherries('#d00000', '#6a040f', '#ff8fa3'),
};
