/**
 * The games' sounds, synthesised with WebAudio (nothing to download). Muted by default; the player's
 * choice is remembered in this origin's localStorage. The AudioContext is created on the first
 * unmute, a user gesture, so browsers' autoplay rules never block it.
 */
export type SoundName = 'spin' | 'reelStop' | 'win' | 'bigWin' | 'feature' | 'click' | 'card';

const STORAGE_KEY = 'play-sound';
let context: AudioContext | null = null;
let muted = typeof localStorage === 'undefined' || localStorage.getItem(STORAGE_KEY) !== 'on';
const listeners = new Set<() => void>();

export const isMuted = () => muted;

export function subscribeSound(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setMuted(value: boolean) {
  muted = value;
  localStorage.setItem(STORAGE_KEY, value ? 'off' : 'on');
  if (!value) {
    context ??= new AudioContext();
    void context.resume();
  }
  for (const listener of listeners) listener();
}

/** One enveloped oscillator note: `at` seconds from now, for `length` seconds. */
function tone(
  ctx: AudioContext,
  freq: number,
  at: number,
  length: number,
  type: OscillatorType,
  gain = 0.18,
) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  const start = ctx.currentTime + at;
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
  return osc;
}

const MAJOR = [0, 4, 7, 12, 16, 19, 24];
const note = (semitones: number) => 523.25 * 2 ** (semitones / 12);

/** Plays a sound; `level` (1–5) makes a win's fanfare longer and higher. Silent while muted. */
export function playSound(name: SoundName, level = 1) {
  if (muted || !context) return;
  const ctx = context;
  switch (name) {
    case 'click':
      tone(ctx, 880, 0, 0.05, 'square', 0.06);
      break;
    case 'spin': {
      const osc = tone(ctx, 180, 0, 0.35, 'sawtooth', 0.07);
      osc.frequency.exponentialRampToValueAtTime(420, ctx.currentTime + 0.3);
      break;
    }
    case 'reelStop':
      tone(ctx, 140, 0, 0.12, 'triangle', 0.25);
      break;
    case 'card':
      tone(ctx, 1400, 0, 0.04, 'triangle', 0.08);
      break;
    case 'win':
    case 'bigWin': {
      const notes = Math.min(MAJOR.length, 2 + level);
      const step = name === 'bigWin' ? 0.11 : 0.08;
      for (let i = 0; i < notes; i++) tone(ctx, note(MAJOR[i]!), i * step, 0.25, 'triangle');
      if (name === 'bigWin') tone(ctx, note(24), notes * step, 0.8, 'sine', 0.2);
      break;
    }
    case 'feature': {
      const osc = tone(ctx, 300, 0, 0.7, 'sine', 0.2);
      osc.frequency.exponentialRampToValueAtTime(1200, ctx.currentTime + 0.6);
      break;
    }
  }
}
