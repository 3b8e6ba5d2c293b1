import type { ReactNode } from 'react';

/** Golden Dragon's symbols: a red dragon (wild), a golden pearl (scatter) and Chinese treasures. */
export const GOLDEN_DRAGON_ART: Record<string, ReactNode> = {
  dragon: (
    <g>
      <circle cx="50" cy="50" r="47" fill="#f6c445" stroke="#9a6b00" strokeWidth="3" />
      <path d="M70 26l8-12 2 14 10-6-4 14 8 2-10 8" fill="#1f8a4c" stroke="#0d5a2e" strokeWidth="2" />
      <path d="M62 24c4-12 14-16 24-15-8 4-13 10-15 19z" fill="#ffe9a0" stroke="#9a6b00" strokeWidth="2" />
      <path
        d="M74 30c-16-10-38-6-50 8l-12 6c-3 4 0 9 6 9l10 2c8 12 28 18 42 10 12-7 14-26 4-35z"
        fill="#d7262e"
        stroke="#6e0b10"
        strokeWidth="3"
      />
      <path d="M18 56l20 5c10 2 20 3 28 0" stroke="#6e0b10" strokeWidth="3" fill="none" />
      <path d="M24 55l3 5 3-4 3 5 3-4 3 5" stroke="#fff" strokeWidth="2" fill="none" />
      <ellipse cx="50" cy="38" rx="8" ry="6" fill="#fff" stroke="#6e0b10" strokeWidth="2" />
      <circle cx="48" cy="38" r="3.5" fill="#111" />
      <circle cx="18" cy="46" r="2" fill="#6e0b10" />
      <path d="M14 48c-10-3-12-14-6-20M16 52c-8 6-6 16 2 20" stroke="#ffd24a" strokeWidth="3" fill="none" />
      <path d="M60 58c4 4 10 5 14 2M62 48c4 3 9 3 12 0" stroke="#ffd24a" strokeWidth="2.5" fill="none" />
    </g>
  ),
  pearl: (
    <g>
      <path d="M50 8c10 12 26 16 26 36 0 8-4 14-8 18" fill="#ff9f1c" opacity="0.8" />
      <path d="M50 8c-10 12-26 16-26 36 0 8 4 14 8 18" fill="#ffbf3c" opacity="0.8" />
      <circle cx="50" cy="56" r="30" fill="#fff4d6" stroke="#d4a017" strokeWidth="4" />
      <circle cx="50" cy="56" r="22" fill="#ffe7a3" />
      <ellipse cx="40" cy="45" rx="9" ry="6" fill="#fff" />
      <circle cx="58" cy="66" r="4" fill="#fff" opacity="0.8" />
    </g>
  ),
  ingot: (
    <g>
      <path
        d="M8 48c10 2 18 4 22 10h40c4-6 12-8 22-10-4 20-18 32-42 32S12 68 8 48z"
        fill="#f5b700"
        stroke="#8a5a00"
        strokeWidth="3"
      />
      <ellipse cx="50" cy="50" rx="22" ry="16" fill="#ffd95a" stroke="#8a5a00" strokeWidth="3" />
      <ellipse cx="44" cy="44" rx="8" ry="4" fill="#fff3b0" />
    </g>
  ),
  lantern: (
    <g>
      <rect x="40" y="8" width="20" height="8" rx="2" fill="#d4a017" />
      <ellipse cx="50" cy="48" rx="32" ry="30" fill="#e01e37" stroke="#7a0010" strokeWidth="3" />
      <path
        d="M50 18v60M34 22c-8 16-8 36 0 52M66 22c8 16 8 36 0 52"
        stroke="#ff8a8a"
        strokeWidth="2"
        fill="none"
      />
      <rect x="38" y="76" width="24" height="7" rx="2" fill="#d4a017" />
      <path d="M46 83v12M50 83v14M54 83v12" stroke="#ffd24a" strokeWidth="2.5" />
    </g>
  ),
  koi: (
    <g>
      <path
        d="M12 52c14-22 44-26 62-6 6-6 12-10 20-10-4 8-4 20 0 28-8 0-14-4-20-10-18 20-48 14-62-2z"
        fill="#ff7a00"
        stroke="#8a3b00"
        strokeWidth="3"
      />
      <path
        d="M36 38c6 6 10 14 8 26M52 36c4 8 4 18 0 28"
        stroke="#fff"
        strokeWidth="5"
        opacity="0.85"
        fill="none"
      />
      <circle cx="24" cy="48" r="4" fill="#111" />
      <path d="M46 64l-6 12 14-8" fill="#ff9f40" stroke="#8a3b00" strokeWidth="2" />
    </g>
  ),
  fan: (
    <g>
      <path d="M50 84L10 40a56 56 0 0 1 80 0z" fill="#2b7bd6" stroke="#0d3b75" strokeWidth="3" />
      <path
        d="M50 84L22 30M50 84L36 22M50 84L50 20M50 84L64 22M50 84L78 30"
        stroke="#9cc8ff"
        strokeWidth="2"
      />
      <path d="M16 42a50 50 0 0 1 68 0" stroke="#ffd24a" strokeWidth="4" fill="none" />
      <circle cx="50" cy="84" r="5" fill="#d4a017" />
    </g>
  ),
  coin: (
    <g>
      <circle cx="50" cy="50" r="38" fill="#3fa66b" stroke="#1b5e3a" strokeWidth="4" />
      <circle cx="50" cy="50" r="28" fill="none" stroke="#a7e3bf" strokeWidth="3" />
      <rect x="40" y="40" width="20" height="20" fill="#123d26" stroke="#a7e3bf" strokeWidth="3" />
    </g>
  ),
};
