// Generates the demo catalogue's pictures: a soft two-colour gradient with a
// large Noto Color Emoji glyph (SIL OFL 1.1), rendered by headless Chromium,
// written as catalogue/{brand}/images/{name}.jpg into every brand directory
// whose files name "images/{name}.jpg". Run once by hand after changing the
// list, and commit the files:
//   apt-get install fonts-noto-color-emoji && node data/demo/make-images.mjs
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const catalogue = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogue');
const W = 960, H = 600;
const images = [
  // name, glyph, from, to
  ['aerial-yoga', '🧘‍♀️', '#f5c6d8', '#9b7fd4'],
  ['yoga', '🧘', '#bfe7dc', '#2f9c8a'],
  ['yin-yoga', '🌙', '#c9d6f2', '#4c5fa8'],
  ['prenatal-yoga', '🤰', '#ffe0cf', '#e58f73'],
  ['family-yoga', '👨‍👩‍👧', '#fff1b8', '#7fc77a'],
  ['pilates', '🤸', '#ffd9c2', '#e07a5f'],
  ['strength', '🏋️', '#d7dde5', '#3d5a80'],
  ['kettlebell', '💪', '#ffe2b3', '#c8553d'],
  ['cycling', '🚴', '#c5e4ff', '#2a6fdb'],
  ['boxing', '🥊', '#ffc9c9', '#c0392b'],
  ['muay-thai', '🦵', '#f6d5b8', '#8c4a2f'],
  ['dance', '💃', '#f7c8f0', '#b0309a'],
  ['hiphop', '🕺', '#d6f5c9', '#3b8f3b'],
  ['stretch', '🙆', '#d1f2eb', '#48a999'],
  ['hiit', '🔥', '#ffe0b2', '#e4572e'],
  ['trx', '🧗', '#e0d9f5', '#5b4b8a'],
  ['senior', '🚶', '#f0ead2', '#a68a64'],
  ['kids', '🤾', '#fff3c4', '#f2a30f'],
  ['swim', '🏊', '#c8f1ff', '#1c8fc4'],
  ['kids-dance', '🎵', '#ffd6e8', '#e0609a'],
  ['passcard', '🎫', '#d6f2e3', '#1b8a7a'],
  ['quantity-passcard', '🎟️', '#dfe8ff', '#4a6fa5'],
  ['point', '💎', '#e4dcff', '#6c4ab6'],
  ['counting-passcard', '⏱️', '#ffe9c7', '#d9822b'],
  ['banner-winter', '❄️', '#dbeafe', '#1b8a7a'],
  ['banner-pilates', '🤸‍♀️', '#ffe4d6', '#e07a5f'],
  ['store-xinyi', '🏙️', '#dbe4f0', '#34495e'],
  ['store-zhubei', '🌳', '#dff5e1', '#3a7d44'],
  ['store-daan', '🌅', '#ffe7d1', '#8e5ba8'],
  ['store-banqiao', '🏫', '#fff2cc', '#f2a30f'],
  ['term-kids', '🎒', '#fff3c4', '#e58f00'],
];

// the brands naming each picture
const users = new Map();
for (const brand of fs.readdirSync(catalogue)) {
  const dir = path.join(catalogue, brand);
  const text = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('');
  for (const [, name] of text.matchAll(/"images\/([a-z-]+)\.jpg"/g)) {
    users.set(name, new Set([...(users.get(name) ?? []), dir]));
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: W, height: H } });
for (const [name, glyph, from, to] of images) {
  await page.setContent(`<html><body style="margin:0">
    <div style="width:${W}px;height:${H}px;position:relative;overflow:hidden;background:linear-gradient(135deg,${from},${to})">
      <div style="position:absolute;width:520px;height:520px;border-radius:50%;left:-140px;top:-180px;background:rgba(255,255,255,.22)"></div>
      <div style="position:absolute;width:380px;height:380px;border-radius:50%;right:-90px;bottom:-150px;background:rgba(255,255,255,.16)"></div>
      <div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;font-family:'Noto Color Emoji';font-size:260px;filter:drop-shadow(0 18px 24px rgba(0,0,0,.18))">${glyph}</div>
    </div></body></html>`);
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 80 });
  for (const dir of users.get(name) ?? []) {
    fs.mkdirSync(path.join(dir, 'images'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'images', name + '.jpg'), jpeg);
  }
}
await browser.close();
console.log(`${images.length} images for ${users.size} names in ${catalogue}`);
