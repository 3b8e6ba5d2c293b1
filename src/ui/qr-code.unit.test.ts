import jsQR from 'jsqr';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QrCode } from './QrCode.tsx';

const PIXELS_PER_MODULE = 4;

/** Rasterises the component's SVG (unit squares on a white ground) the way a camera would see it. */
function scan(markup: string) {
  const width = Number(/viewBox="0 0 (\d+) \d+"/.exec(markup)?.[1]);
  const side = width * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  const path = /<path d="([^"]*)"/.exec(markup)?.[1] ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
      for (let dx = 0; dx < PIXELS_PER_MODULE; dx++) {
        const at = ((Number(y) * PIXELS_PER_MODULE + dy) * side + Number(x) * PIXELS_PER_MODULE + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe('QrCode', () => {
  it('draws a code that a scanner reads back as the authenticator link', () => {
    const uri = 'otpauth://totp/Demo%20Site:member01?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Demo%20Site';
    const markup = renderToStaticMarkup(createElement(QrCode, { text: uri, label: 'QR' }));
    expect(scan(markup)).toBe(uri);
  });

  it('names itself for screen readers and keeps a white quiet zone around the code', () => {
    const markup = renderToStaticMarkup(
      createElement(QrCode, { text: 'otpauth://totp/x?secret=AB', label: 'Scan me' }),
    );
    expect(markup).toContain('aria-label="Scan me"');
    expect(markup).toContain('background:#fff');
    expect(markup).not.toMatch(/M[0-3] /);
  });
});
