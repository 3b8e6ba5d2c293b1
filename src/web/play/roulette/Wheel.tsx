import { RED, WHEEL_ORDER } from '../../../shared/games/roulette.ts';
import board from './roulette.module.css';

const SEGMENT = 360 / WHEEL_ORDER.length;
/** The wheel's pockets as one conic gradient: green zero, then red and black around it. */
const RIM = `conic-gradient(${WHEEL_ORDER.map((n, i) => {
  const colour = n === 0 ? '#16834f' : RED.has(n) ? '#b3202e' : '#15161c';
  return `${colour} ${i * SEGMENT}deg ${(i + 1) * SEGMENT}deg`;
}).join(', ')})`;

/** The wheel: it turns while the ball is out, then stops with the winning pocket at the top. */
export function Wheel({ spinning, number }: { spinning: boolean; number: number | null }) {
  const at = number === null ? 0 : WHEEL_ORDER.indexOf(number);
  const rest = -(at * SEGMENT + SEGMENT / 2);
  return (
    <div className={board.wheel} aria-hidden="true">
      <div
        className={`${board.rim} ${spinning ? board.rimSpinning : ''}`}
        style={{ background: RIM, transform: spinning ? undefined : `rotate(${rest}deg)` }}
      />
      <div className={board.ball} />
      <div className={board.hub}>{spinning || number === null ? '' : number}</div>
    </div>
  );
}
