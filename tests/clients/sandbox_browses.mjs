// The sandbox page in headless Chromium: it loads, builds a `list=allpages` request with a
// namespace and a limit, shows the answer, and follows `continue` with one click. Usage:
//   node sandbox_browses.mjs http://127.0.0.1:8080 [screenshot.png]
// Chromium is Debian's (/usr/bin/chromium), or the one CHROMIUM names.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const base = process.argv[2];
const shot = process.argv[3];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/sandbox`, { timeout: 30000 });
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30000 });
  assert.equal(await page.inputValue('#action'), 'query');

  // Pick list=allpages: its parameters appear, typed.
  await page.check('#sub-list-allpages');
  await page.waitForSelector('#p-aplimit', { timeout: 30000 });
  assert.equal(await page.getAttribute('#p-apnamespace', 'id'), 'p-apnamespace');
  assert.equal(await page.evaluate(() => document.getElementById('p-apnamespace').tagName), 'SELECT');
  await page.selectOption('#p-apnamespace', '10');
  await page.fill('#p-aplimit', '3');
  const url = await page.textContent('#request-url');
  assert.match(url, /action=query/);
  assert.match(url, /list=allpages/);
  assert.match(url, /apnamespace=10/);
  assert.match(url, /aplimit=3/);

  // The answer.
  await page.click('#send');
  await page.waitForFunction(() => document.getElementById('result').textContent.includes('allpages'), null, {
    timeout: 60000,
  });
  const first = JSON.parse(await page.textContent('#result'));
  assert.equal(first.query.allpages.length, 3);
  assert.ok(first.query.allpages.every((p) => p.ns === 10), JSON.stringify(first));
  assert.ok(first.continue && first.continue.apcontinue, 'a continuation');
  assert.equal(await page.isVisible('#continue'), true);

  // One click continues where the answer stopped.
  const before = await page.textContent('#result');
  await page.click('#continue');
  await page.waitForFunction((b) => document.getElementById('result').textContent !== b, before, { timeout: 60000 });
  const second = JSON.parse(await page.textContent('#result'));
  assert.ok(second.query.allpages.length >= 1);
  assert.ok(second.query.allpages[0].title > first.query.allpages[2].title, JSON.stringify(second));
  assert.match(await page.textContent('#request-url'), /apcontinue=/);

  // The query's own parameters: a page set by title, with prop=info.
  await page.uncheck('#sub-list-allpages');
  await page.waitForSelector('#p-aplimit', { state: 'detached' });
  await page.check('#sub-prop-info');
  await page.waitForSelector('#p-inprop');
  await page.fill('#p-titles', 'Dog|Cat');
  await page.click('#send');
  await page.waitForFunction(() => document.getElementById('result').textContent.includes('"pages"'), null, {
    timeout: 60000,
  });
  const info = JSON.parse(await page.textContent('#result'));
  assert.deepEqual(info.query.pages.map((p) => p.title).sort(), ['Cat', 'Dog']);
  assert.match(await page.textContent('#request-url'), /prop=info&titles=Dog%7CCat/);

  // The hash keeps the form: a link with it opens the same request.
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /prop=info/);
  assert.match(hash, /titles=Dog%7CCat/);
  if (shot) {
    await page.screenshot({ path: shot, fullPage: false });
  }
  assert.deepEqual(errors, []);
  console.log('sandbox: allpages in namespace 10, 3 a page, continued from', first.continue.apcontinue);
} finally {
  await browser.close();
}
