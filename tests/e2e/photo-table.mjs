// A synthetic photo of the Legation Wall's 72" x 48" table seen in perspective, for the browser tests of the
// photo: a 12" checker with a white border under a known homography, and two coloured dots where two units
// really stand. Not a test file itself: `node --test` only picks up *.test.mjs.

import { deflateSync } from 'node:zlib';

export const W = 1600;
export const H = 1200;
const TABLE = { width: 72, depth: 48 };
/** Where the camera saw the table's corners, in the engine's order: (0,0), (72,0), (72,48), (0,48). */
export const CORNERS_PX = [
  { x: 300.5, y: 240.5 },
  { x: 1310.5, y: 262.5 },
  { x: 1530.5, y: 1060.5 },
  { x: 80.5, y: 1030.5 },
];
export const CORNERS_IN = [
  { x: 0, y: 0 },
  { x: 72, y: 0 },
  { x: 72, y: 48 },
  { x: 0, y: 48 },
];
/** Where two units really stand on the table, and the dot's colour on the photo. */
export const TRUE = {
  'boxers-west': { at: { x: 27, y: 37 }, rgb: [230, 40, 40] },
  'tiger-men': { at: { x: 41, y: 27.5 }, rgb: [40, 110, 240] },
};

// ---- The homography, solved here the plain way (Gaussian elimination on the eight DLT equations) ----

function solve(a, b) {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

/** The 3x3 (row-major) taking each `from` to its `to`. */
function homography(from, to) {
  const a = [];
  const b = [];
  from.forEach((p, i) => {
    const q = to[i];
    a.push([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x]);
    b.push(q.x);
    a.push([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y]);
    b.push(q.y);
  });
  return [...solve(a, b), 1];
}

export function apply(m, p) {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

export const toPhoto = homography(CORNERS_IN, CORNERS_PX);
const toTable = homography(CORNERS_PX, CORNERS_IN);

// ---- The photo: each pixel's centre sent back onto the table and coloured by what lies there ----

function photoPixels() {
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = apply(toTable, { x: x + 0.5, y: y + 0.5 });
      let c = [58, 52, 46];
      if (t.x >= 0 && t.x <= TABLE.width && t.y >= 0 && t.y <= TABLE.depth) {
        const border = t.x < 0.75 || t.y < 0.75 || t.x > TABLE.width - 0.75 || t.y > TABLE.depth - 0.75;
        const dark = (Math.floor(t.x / 12) + Math.floor(t.y / 12)) % 2 === 1;
        c = border ? [235, 235, 225] : dark ? [70, 100, 60] : [120, 150, 95];
        for (const { at, rgb: dot } of Object.values(TRUE)) if (Math.hypot(t.x - at.x, t.y - at.y) < 0.6) c = dot;
      }
      rgb.set(c, (y * W + x) * 3);
    }
  return rgb;
}

const CRC = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
})();

function chunk(type, data) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(CRC(body));
  return Buffer.concat([head, body, crc]);
}

function png(rgb) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(H * (W * 3 + 1));
  for (let y = 0; y < H; y++) rgb.copy(rows, y * (W * 3 + 1) + 1, y * W * 3, (y + 1) * W * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The photo as a PNG file's bytes, made once. */
let made = null;
export function tablePhoto() {
  made ??= png(photoPixels());
  return made;
}
