/** Drawings more than one machine shows, so each is drawn once (on the 100 × 100 symbol box). */

/** A pair of cherries on their stalks; the machines colour the fruit their own way. */
export const cherries = (fill: string, stroke: string, shine: string) => (
  <g>
    <path d="M34 62c6-20 14-38 32-48M66 62c-2-18 0-34 0-48" stroke="#2d6a4f" strokeWidth="4" fill="none" />
    {[32, 68].map((cx) => (
      <circle key={cx} cx={cx} cy="68" r="17" fill={fill} stroke={stroke} strokeWidth="3" />
    ))}
    {[26, 62].map((cx) => (
      <circle key={cx} cx={cx} cy="62" r="4" fill={shine} />
    ))}
  </g>
);

/** The golden bell. */
export const bell = (
  <g>
    <path
      d="M50 14c-18 0-26 16-26 34v16l-8 10h68l-8-10V48c0-18-8-34-26-34z"
      fill="#ffcc33"
      stroke="#b8860b"
      strokeWidth="3"
    />
    <circle cx="50" cy="82" r="7" fill="#b8860b" />
  </g>
);
