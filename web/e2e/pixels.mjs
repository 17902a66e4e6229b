// Reading screenshots: a PNG decoder (8-bit greyscale, RGB or RGBA, not interlaced: what browsers
// write) and a measure of how sharp the text in a region is.
import { inflateSync } from "node:zlib";

/** @returns {{width: number, height: number, luma: Float32Array}} each pixel's luminance, 0..255 */
export function decodePng(png) {
  let at = 8;
  let width = 0,
    height = 0,
    channels = 0;
  const data = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, color, interlace] = [body[8], body[9], body[12]];
      channels = { 0: 1, 2: 3, 6: 4 }[color];
      if (depth !== 8 || !channels || interlace !== 0) throw new Error(`unsupported PNG (${depth}, ${color})`);
    } else if (type === "IDAT") {
      data.push(body);
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const up = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? out[x - channels] : 0;
      const upLeft = x >= channels ? up[x - channels] : 0;
      const p = left + up[x] - upLeft;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up[x]), Math.abs(p - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up[x] : upLeft;
      const predicted = [0, left, up[x], (left + up[x]) >> 1, paeth][filter];
      out[x] = (line[x] + predicted) & 0xff;
    }
  }
  const luma = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    luma[i] = channels < 3 ? pixels[p] : 0.2126 * pixels[p] + 0.7152 * pixels[p + 1] + 0.0722 * pixels[p + 2];
  }
  return { width, height, luma };
}

/**
 * Of the pixels text has touched in a region (those at least 20% of the way from the background's
 * luminance to the text's), the share that is only part-way (below 80%): antialiased edges. Text
 * rasterized for the screen's pixels keeps it about the same at every pixel ratio; text drawn at a
 * lower resolution and scaled up by the browser has it far higher (its edges are smeared).
 */
export function edgeShare(image, { x, y, w, h }) {
  const values = [];
  for (let row = Math.round(y); row < Math.round(y + h); row++) {
    for (let col = Math.round(x); col < Math.round(x + w); col++) values.push(image.luma[row * image.width + col]);
  }
  const counts = new Map();
  for (const v of values) counts.set(Math.round(v), (counts.get(Math.round(v)) ?? 0) + 1);
  const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const reach = values.reduce((most, v) => Math.max(most, Math.abs(v - background)), 0);
  let touched = 0,
    partial = 0;
  for (const v of values) {
    const t = Math.abs(v - background) / reach;
    if (t >= 0.2) touched++;
    if (t >= 0.2 && t < 0.8) partial++;
  }
  return partial / touched;
}
