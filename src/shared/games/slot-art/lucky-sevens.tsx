import type { ReactNode } from 'react';
import { bell, cherries } from './common.tsx';

const bars = (fill: string, stroke: string) => (
  <g>
    {[16, 40, 64].map((y) => (
      <rect key={y} x="12" y={y} width="76" height="18" rx="5" fill={fill} stroke={stroke} strokeWidth="3" />
    ))}
  </g>
);

/** Lucky Sevens' symbols: the fruit machine's classics, drawn without any lettering. */
export const LUCKY_SEVENS_ART: Record<string, ReactNode> = {
  star: (
    <g>
      <circle cx="50" cy="50" r="46" fill="none" stroke="#7b2cbf" strokeWidth="5" />
      <circle cx="50" cy="50" r="40" fill="none" stroke="#2ec4b6" strokeWidth="4" />
      <polygon
        points="50,12 60,38 88,38 66,56 74,84 50,68 26,84 34,56 12,38 40,38"
        fill="#ffd24a"
        stroke="#a67c00"
        strokeWidth="3"
      />
      <circle cx="50" cy="50" r="7" fill="#fff6c8" />
    </g>
  ),
  seven: (
    <path
      d="M18 14h64v14L50 90H30l30-60H18z"
      fill="#e3172d"
      stroke="#ffd24a"
      strokeWidth="4"
      strokeLinejoin="round"
    />
  ),
  triplebar: bars('#1d1d1d', '#f5c542'),
  bell,
  horseshoe: (
    <g>
      <path
        d="M22 86V46a28 28 0 0 1 56 0v40h-14V46a14 14 0 0 0-28 0v40z"
        fill="#9aa5b1"
        stroke="#4a5561"
        strokeWidth="3"
      />
      {[30, 50, 70].map((y) => (
        <g key={y}>
          <circle cx="29" cy={y + 8} r="2.5" fill="#4a5561" />
          <circle cx="71" cy={y + 8} r="2.5" fill="#4a5561" />
        </g>
      ))}
    </g>
  ),
  clover: (
    <g>
      <path d="M50 52c4 16 10 28 20 38" stroke="#1b7f3b" strokeWidth="5" fill="none" />
      {[
        [50, 28],
        [72, 50],
        [50, 72],
        [28, 50],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="17" fill="#2fb84f" stroke="#125e2a" strokeWidth="3" />
      ))}
      <circle cx="50" cy="50" r="6" fill="#125e2a" />
    </g>
  ),
  cherry: cherries('#c9184a', '#590d22', '#ffb3c1'),
};
