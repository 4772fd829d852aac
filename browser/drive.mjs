// Drives Debian's chromium through playwright-core for kifu's browser tests.
//
//   node browser/drive.mjs PLAN.json
//
// PLAN.json: { "viewport": {"width": W, "height": H}, "steps": [STEP, ...] }, each STEP one of
//   {"goto": URL}                       open a page (file:// URLs work)
//   {"press": KEY, "times": N}          press a key N times (1 when left out)
//   {"click": CSS}                      click the first element CSS selects
//   {"eval": JS}                        evaluate an expression in the page; its JSON value is the result
//   {"fill": CSS, "text": TEXT}         type TEXT into the field CSS selects (as a paste: one input event)
//   {"select": CSS, "value": VALUE}     choose VALUE in the select box CSS selects
//   {"wait": JS}                        wait until the expression JS is true in the page
//   {"upload": CSS, "path": PATH}       give the file input CSS selects a file; instead of "path",
//   {"upload": CSS, "name": N, "size": BYTES}  a file named N of BYTES bytes of `a`
//   {"download": CSS, "path": PATH}     click CSS and save the download it starts at PATH; the result
//                                       is its suggested name and its text
//   {"screenshot": PATH, "selector": CSS, "sample": CSS, "at": [FX, FY]}
//                                       save a PNG of the element CSS selects (the page when left
//                                       out); the result gives its size, how many colours it has,
//                                       and, for every element "sample" selects, the colour of the
//                                       pixel at FX, FY (fractions of the element's box from its
//                                       centre) with the element's data-square; with "copy": PATH
//                                       (no "selector") also a copy of the viewport at PATH,
//                                       scaled by "copy_scale" (1 when left out)
// Prints one JSON object: {"ok": true, "results": [one per step], "console": [...], "errors": [...]}
// (console messages of level warning and error, and uncaught page errors), or {"ok": false,
// "error": "..."} and exits with 1.
import { chromium } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const userDataDir = mkdtempSync(join(tmpdir(), 'kifu-chromium-'));
const output = { ok: true, results: [], console: [], errors: [] };
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: plan.viewport ?? { width: 1200, height: 900 },
    acceptDownloads: true,
    deviceScaleFactor: 1,
    timeout: 60000,
  });
  context.setDefaultTimeout(30000);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') {
      output.console.push(`${m.type()}: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => output.errors.push(String(e)));
  for (const step of plan.steps) {
    if (step.goto !== undefined) {
      await page.goto(step.goto, { waitUntil: 'load' });
      output.results.push(null);
    } else if (step.press !== undefined) {
      for (let i = 0; i < (step.times ?? 1); i++) {
        await page.keyboard.press(step.press);
      }
      output.results.push(null);
    } else if (step.click !== undefined) {
      await page.click(step.click);
      output.results.push(null);
    } else if (step.eval !== undefined) {
      output.results.push(await page.evaluate(step.eval));
    } else if (step.fill !== undefined) {
      await page.fill(step.fill, step.text);
      output.results.push(null);
    } else if (step.select !== undefined) {
      await page.selectOption(step.select, step.value);
      output.results.push(null);
    } else if (step.wait !== undefined) {
      // Polled with evaluate: waitForFunction compiles its text in the page, which a
      // Content-Security-Policy without 'unsafe-eval' forbids.
      const until = Date.now() + (step.timeout ?? 30000);
      while (!(await page.evaluate(step.wait))) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${step.wait}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      output.results.push(null);
    } else if (step.upload !== undefined) {
      const file = step.path !== undefined
        ? step.path
        : { name: step.name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(step.size, 'a') };
      await page.setInputFiles(step.upload, file);
      output.results.push(null);
    } else if (step.download !== undefined) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(step.download)]);
      await download.saveAs(step.path);
      output.results.push({ suggested: download.suggestedFilename(), text: readFileSync(step.path, 'utf8') });
    } else if (step.screenshot !== undefined) {
      output.results.push(await screenshot(context, page, step));
    } else {
      throw new Error(`unknown step ${JSON.stringify(step)}`);
    }
  }
} catch (e) {
  output.ok = false;
  output.error = String(e && e.stack ? e.stack : e);
} finally {
  if (context) {
    await context.close();
  }
  rmSync(userDataDir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(output) + '\n');
process.exit(output.ok ? 0 : 1);

async function screenshot(context, page, step) {
  const target = step.selector ? page.locator(step.selector).first() : page;
  const png = await target.screenshot({ path: step.screenshot });
  if (step.copy !== undefined) {
    // A copy of what the viewport shows, scaled by Chromium (the page's layout unchanged).
    const view = await page.evaluate(() => ({
      x: window.scrollX, y: window.scrollY, width: window.innerWidth, height: window.innerHeight,
    }));
    const cdp = await context.newCDPSession(page);
    const shot = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      clip: { ...view, scale: step.copy_scale ?? 1 },
    });
    await cdp.detach();
    writeFileSync(step.copy, Buffer.from(shot.data, 'base64'));
  }
  const origin = step.selector
    ? await page.locator(step.selector).first().evaluate((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.left, y: r.top };
    })
    : { x: 0, y: 0 };
  const points = step.sample
    ? await page.evaluate(
      ([selector, at]) => Array.from(document.querySelectorAll(selector)).map((e) => {
        const r = e.getBoundingClientRect();
        return {
          square: e.getAttribute('data-square') || e.id,
          x: r.left + r.width / 2 + at[0] * r.width,
          y: r.top + r.height / 2 + at[1] * r.height,
        };
      }),
      [step.sample, step.at ?? [0, 0]],
    )
    : [];
  // Read the PNG's pixels back in a blank page of the same browser.
  const reader = await context.newPage();
  try {
    return await reader.evaluate(
      async ([data, origin, points]) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        ctx.drawImage(image, 0, 0);
        const pixels = ctx.getImageData(0, 0, image.width, image.height).data;
        const colours = new Set();
        for (let i = 0; i < pixels.length; i += 4 * 7) {
          colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
        }
        const samples = points.map((p) => {
          const x = Math.round(p.x - origin.x);
          const y = Math.round(p.y - origin.y);
          const i = 4 * (y * image.width + x);
          return { square: p.square, x, y, rgba: Array.from(pixels.slice(i, i + 4)) };
        });
        return { width: image.width, height: image.height, colours: colours.size, samples };
      },
      [png.toString('base64'), origin, points],
    );
  } finally {
    await reader.close();
  }
}
