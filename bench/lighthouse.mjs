// Lighthouse (mobile preset, its default) on each URL given, in Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium). Prints one JSON line
// per URL, its median run: {url, performance, seo, accessibility} as
// scores out of 100, with the LCP, blocking time and unused JS and CSS
// Lighthouse found, and every run's performance score (runs).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
// LIGHTHOUSE_RESOLVE: host resolver rules, e.g. 'MAP fit.demo.test 127.0.0.1:8080'
if (process.env.LIGHTHOUSE_RESOLVE) flags.push('--host-resolver-rules=' + process.env.LIGHTHOUSE_RESOLVE);
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags: flags });
try {
  // Lighthouse's own advice on variance: run it several times and take the
  // median run (by performance score); LIGHTHOUSE_RUNS, default 3
  const runs = Number(process.env.LIGHTHOUSE_RUNS || 3);
  for (const url of process.argv.slice(2)) {
    // one visit first, not counted: the host's one-time work for the page
    // (its render into the page cache, its pictures' WebP encodes) is done
    // before the measured runs, as for every visitor but the first, and
    // does not take the two cores from the measured Chromium
    await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const results = [];
    for (let i = 0; i < runs; i++) {
      const res = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility'] });
      const c = res.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      const a = res.lhr.audits;
      results.push({ url, performance: score('performance'), seo: score('seo'), accessibility: score('accessibility'),
        lcp: a['largest-contentful-paint']?.displayValue, tbt: a['total-blocking-time']?.displayValue,
        unusedJS: a['unused-javascript']?.details?.overallSavingsBytes ?? 0, unusedCSS: a['unused-css-rules']?.details?.overallSavingsBytes ?? 0 });
    }
    results.sort((x, y) => x.performance - y.performance);
    const median = results[Math.floor(results.length / 2)];
    median.runs = results.map((r) => r.performance);
    console.log(JSON.stringify(median));
  }
} finally {
  await chrome.kill();
}
