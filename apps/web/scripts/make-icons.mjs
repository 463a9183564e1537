// The app's icons for the web app manifest (ADR 023), drawn from the logo (public/favicon.svg) with sharp.
// Usage: node scripts/make-icons.mjs   (writes public/icons/*.png; the PNGs are committed)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(webDir, "public", "icons");
const favicon = readFileSync(path.join(webDir, "public", "favicon.svg"), "utf8");

/**
 * Maskable (and Apple) icons fill the whole square: the launcher cuts its own shape out of it, and only
 * the centre circle (80 % of the side) is sure to stay. The logo's background fills the square and the
 * mark shrinks into that circle.
 */
const mark = favicon.match(/<path[\s\S]*?\/>\s*<circle[\s\S]*?\/>/)?.[0];
const defs = favicon.match(/<defs>[\s\S]*?<\/defs>/)?.[0];
if (!mark || !defs) throw new Error("public/favicon.svg no tiene la forma esperada (defs, path, circle)");
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}
  <rect width="64" height="64" fill="url(#g)"/>
  <g transform="translate(32 32) scale(0.72) translate(-32 -32)">${mark}</g>
</svg>`;

const icons = [
  { file: "icon-192.png", svg: favicon, size: 192 },
  { file: "icon-512.png", svg: favicon, size: 512 },
  { file: "maskable-512.png", svg: fullBleed, size: 512 },
  { file: "apple-touch-icon.png", svg: fullBleed, size: 180 },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  const png = await sharp(Buffer.from(icon.svg), { density: Math.ceil((72 * icon.size) / 64) })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`${icon.file.padEnd(22)} ${icon.size}×${icon.size}  ${(png.length / 1024).toFixed(1)} KB`);
}
