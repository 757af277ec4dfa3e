// Draws the app icons (two crossed blades on the slate theme colour) as PNGs into public/. Run once by hand
// when the icon changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function icon(size) {
  const bg = [0x0f, 0x17, 0x2a];
  const fg = [0xf8, 0xfa, 0xfc];
  const accent = [0x38, 0xbd, 0xf8];
  const rows = [];
  const w = size * 0.045;
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const inset = size * 0.2;
      const inBox = x > inset && x < size - inset && y > inset && y < size - inset;
      const blade1 = inBox && Math.abs(x - y) < w;
      const blade2 = inBox && Math.abs(x + y - size) < w;
      const guard = Math.abs(Math.hypot(x - size / 2, y - size / 2) - size * 0.12) < w * 0.6;
      row.push(...(guard ? accent : blade1 || blade2 ? fg : bg));
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

for (const size of [192, 512]) writeFileSync(new URL(`../public/icon-${size}.png`, import.meta.url), icon(size));
