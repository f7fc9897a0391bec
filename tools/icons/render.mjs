// Draws the app's PNG icons from ui/public/favicon.svg with the browser the e2e tests use, so the icons
// never drift from the favicon and no image library is needed:
//
//   node tools/icons/render.mjs        (CHROMIUM picks another browser)
//
// "any" icons keep the favicon's rounded corners; the maskable and Apple icons are full-bleed squares,
// because the launcher or iOS cuts its own shape and would otherwise show the corners as dark notches.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = join(root, 'ui/public');
const { chromium } = createRequire(join(root, 'ui/package.json'))('playwright-core');

const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!background) throw new Error('favicon.svg has no background rect to take the colour from');
const marks = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');

/** `inset` shrinks the marks toward the centre: a maskable icon's shape may cut all but its middle 80%. */
function square(inset) {
  const s = 32 * inset;
  const o = (32 - s) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(${o} ${o}) scale(${inset})">${marks}</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: square(0.78) },
  { file: 'apple-touch-icon.png', size: 180, svg: square(0.9) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: join(publicDir, file), omitBackground: true });
    await page.close();
    console.log(`${file} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
