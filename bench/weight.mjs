// The first visit's weight: each URL given opened in a new, empty browser
// context of Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) as
// a phone (390x844, touch, zh-TW) until the network is idle. Prints one
// JSON line per URL: every byte received (encodedDataLength of each
// request Chromium finished or failed: headers and bodies as transferred,
// compressed as sent) in total and by resource type, and the request count.
// WEIGHT_RESOLVE: host resolver rules, e.g. 'MAP fit.demo.test 127.0.0.1:8080'.
import { chromium } from 'playwright-core';

const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];
if (process.env.WEIGHT_RESOLVE) args.push('--host-resolver-rules=' + process.env.WEIGHT_RESOLVE);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args });
try {
  for (const url of process.argv.slice(2)) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-TW' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    const byType = {};
    let total = 0;
    let requests = 0;
    const count = (id, bytes) => {
      const type = types.get(id) ?? 'Other';
      byType[type] = (byType[type] ?? 0) + bytes;
      total += bytes;
      requests++;
    };
    cdp.on('Network.requestWillBeSent', (e) => types.set(e.requestId, e.type ?? 'Other'));
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => count(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => count(e.requestId, 0));
    const res = await page.goto(url, { waitUntil: 'networkidle' });
    // the web font a brand wants comes after the page (app/lib/fonts.ts): part of the visit
    if (await page.locator('script[data-fonts]').count()) {
      await page.waitForFunction(() => document.documentElement.classList.contains('fonts'));
      await page.waitForLoadState('networkidle');
    }
    console.log(JSON.stringify({ url, status: res?.status() ?? 0, total, requests, byType }));
    await context.close();
  }
} finally {
  await browser.close();
}
