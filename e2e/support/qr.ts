import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/**
 * What a scanner reads from a QR code the page draws as SVG: the browser paints it on a canvas at
 * four pixels per unit, and jsQR decodes those pixels here. Undefined when nothing scans.
 */
export async function scanQrCode(svg: Locator): Promise<string | undefined> {
  const { width, pixels } = await svg.evaluate(async (element) => {
    const side = (element as SVGSVGElement).viewBox.baseVal.width * 4;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(element))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, side, side);
    context.drawImage(image, 0, 0, side, side);
    return { width: side, pixels: Array.from(context.getImageData(0, 0, side, side).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, width)?.data;
}
