import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FRUIT_FIESTA_ART } from '../../../shared/games/slot-art/fruit-fiesta.tsx';
import { GOLDEN_DRAGON_ART } from '../../../shared/games/slot-art/golden-dragon.tsx';
import { LUCKY_SEVENS_ART } from '../../../shared/games/slot-art/lucky-sevens.tsx';

interface Theme {
  /** The game window's own colours (src/web/play/slot/slot.module.css, .theme-<code>). */
  glow: [string, string, string];
  reel: [string, string];
  cell: [string, string];
  frame: string;
  /** Three of the game's own symbols, the wild in the middle. */
  symbols: [ReactNode, ReactNode, ReactNode];
}

const THEMES: Record<string, Theme> = {
  'golden-dragon': {
    glow: ['#7a1212', '#3a0707', '#140202'],
    reel: ['#5a0b0b', '#8c1414'],
    cell: ['#fff7e0', '#f1d9a0'],
    frame: '#e0b43a',
    symbols: [GOLDEN_DRAGON_ART.ingot, GOLDEN_DRAGON_ART.dragon, GOLDEN_DRAGON_ART.pearl],
  },
  'fruit-fiesta': {
    glow: ['#ffb703', '#fb5607', '#7a1f4d'],
    reel: ['#0b6b63', '#14a396'],
    cell: ['#ffffff', '#ffe9c7'],
    frame: '#ff3d7f',
    symbols: [FRUIT_FIESTA_ART.cherry, FRUIT_FIESTA_ART.star, FRUIT_FIESTA_ART.melon],
  },
  'lucky-sevens': {
    glow: ['#1e3a8a', '#0b1437', '#030614'],
    reel: ['#0b1a3a', '#13306b'],
    cell: ['#fffdf5', '#dfe7f5'],
    frame: '#38bdf8',
    symbols: [LUCKY_SEVENS_ART.bell, LUCKY_SEVENS_ART.seven, LUCKY_SEVENS_ART.clover],
  },
};

/**
 * The catalogue tile of one of the three themed slots: its game window's colours and three of its own
 * reel symbols in a reel frame, so the tile looks like the game it opens. The site shows the name
 * beside the tile, so the art draws none (its <title> names it).
 */
export function themedSlotTile(code: string, title: string): string | undefined {
  const theme = THEMES[code];
  if (!theme) return undefined;
  const cells = [
    { x: 34, y: 62, size: 76 },
    { x: 116, y: 48, size: 88 },
    { x: 210, y: 62, size: 76 },
  ];
  const svg = (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240" width="320" height="240">
      <title>{title}</title>
      <defs>
        <radialGradient id={`${code}-glow`} cx="0.5" cy="0" r="1">
          <stop offset="0" stopColor={theme.glow[0]} />
          <stop offset="0.55" stopColor={theme.glow[1]} />
          <stop offset="1" stopColor={theme.glow[2]} />
        </radialGradient>
        <linearGradient id={`${code}-reel`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={theme.reel[0]} />
          <stop offset="0.5" stopColor={theme.reel[1]} />
          <stop offset="1" stopColor={theme.reel[0]} />
        </linearGradient>
        <radialGradient id={`${code}-cell`} cx="0.5" cy="0.5" r="0.7">
          <stop offset="0" stopColor={theme.cell[0]} />
          <stop offset="1" stopColor={theme.cell[1]} />
        </radialGradient>
      </defs>
      <rect width="320" height="240" rx="18" fill={`url(#${code}-glow)`} />
      <rect
        x="20"
        y="24"
        width="280"
        height="160"
        rx="16"
        fill={`url(#${code}-reel)`}
        stroke={theme.frame}
        strokeWidth="4"
      />
      {cells.map((c, i) => (
        <g key={c.x}>
          <rect
            x={c.x - 4}
            y={c.y - 4}
            width={c.size + 8}
            height={c.size + 8}
            rx="14"
            fill={`url(#${code}-cell)`}
            stroke={i === 1 ? theme.frame : 'none'}
            strokeWidth="3"
          />
          <svg x={c.x} y={c.y} width={c.size} height={c.size} viewBox="0 0 100 100" aria-hidden="true">
            {theme.symbols[i]}
          </svg>
        </g>
      ))}
      {[100, 130, 160, 190, 220].map((x, i) => (
        <circle key={x} cx={x} cy="206" r="6" fill={i % 2 ? theme.frame : theme.cell[0]} opacity="0.9" />
      ))}
    </svg>
  );
  return renderToStaticMarkup(svg);
}
