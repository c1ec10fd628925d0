// Baseline N of the benchmark: Node renders the storefront's own server
// bundle (renderer/dist/server.js) with the same props through
// react-dom/server, the speed a team choosing a Node SSR stack starts from:
// renderToString of the whole page (renderPage without render keys), without
// the brand shells and kept cards the Go host renders into.
//
//   node bench/node-ssr.mjs render <server.js> <props.json> <n>   -> JSON timings
//   node bench/node-ssr.mjs serve  <server.js> <props.json> <port> -> a node:http server
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [mode, bundle, propsFile, arg] = process.argv.slice(2);
runInThisContext(readFileSync(bundle, 'utf8'), { filename: bundle });
const props = readFileSync(propsFile, 'utf8');
const render = globalThis.renderPage;

// the same document the Go host writes around a render
function document(r) {
  return '<!doctype html> <html lang="zh-Hant"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
    '<style data-emotion="css ' + r.styleIds + '">' + r.css + '</style>' + r.head + '</head><body><div id="root">' + r.html +
    '</div><script id="__PROPS__" type="application/json">' + props.replace(/</g, '\\u003c') + '</script></body></html>';
}

if (mode === 'render') {
  const n = Number(arg);
  for (let i = 0; i < 100; i++) render(props); // warm up the JIT
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    render(props);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(times.length * q))];
  console.log(JSON.stringify({ p50: at(0.5), p99: at(0.99), n }));
} else if (mode === 'serve') {
  http
    .createServer((req, res) => {
      const body = document(render(props));
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    })
    .listen(Number(arg), '127.0.0.1', () => console.log('ready'));
} else {
  console.error('usage: node-ssr.mjs render|serve <server.js> <props.json> <n|port>');
  process.exit(2);
}
