// Exports from the Share dialog: the frame as PNG and SVG, steps as WebM,
// the trace as JSON, each checked for its type, its size and its content.
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { decodePng } from './png.js';

async function openExport(page) {
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('export')).toBeVisible();
}

async function save(page, testid) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('tree: PNG and SVG of the frame, the trace as JSON, steps as WebM', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/?game=tree&step=12');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '12');
  const box = await page.locator('[data-export-frame]').boundingBox();
  await openExport(page);

  const png = await save(page, 'export-png');
  expect(png.name).toBe('perfect-play-tree-step12.png');
  const img = decodePng(png.bytes);
  expect(img.width).toBe(Math.ceil(box.width) * 2); // drawn at twice the size on screen
  expect(img.height).toBe(Math.ceil(box.height) * 2);
  // Not blank: the tree's lines and shapes give it many colours.
  const colours = new Set();
  for (let i = 0; i < img.rgba.length; i += 4 * 37) colours.add(img.rgba.readUInt32BE?.(i) ?? (img.rgba[i] << 16) | (img.rgba[i + 1] << 8) | img.rgba[i + 2]);
  expect(colours.size).toBeGreaterThan(5);

  const svg = await save(page, 'export-svg');
  expect(svg.name).toBe('perfect-play-tree-step12.svg');
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(text).toContain('<polygon');
  expect(text).toContain('stroke:'); // styles carried on the elements
  expect(text).not.toContain('class=');

  const json = await save(page, 'export-json');
  const trace = JSON.parse(json.bytes.toString('utf8'));
  expect(trace.format).toBe('perfect-play-trace');
  expect(trace.version).toBe(1);
  expect(trace.game).toBe('tree');
  expect(trace.input).toBe('[[3,12,8],[2,4,6],[14,5,2]]');
  const count = Number(await page.getByTestId('readout').getAttribute('data-count'));
  expect(trace.count).toBe(count);
  expect(trace.events).toHaveLength(count);
  expect(trace.events[0][0]).toBe('AB_ENTER');
  expect(trace.events.filter((e) => e[0] === 'AB_CUTOFF').length).toBe(2); // the textbook tree's two cut-offs

  await page.getByTestId('export-from').fill('0');
  await page.getByTestId('export-to').fill('9');
  await page.getByTestId('export-fps').fill('20');
  const webm = await save(page, 'export-webm');
  expect(webm.name).toBe('perfect-play-tree-steps0-9.webm');
  expect([...webm.bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML: a Matroska/WebM file
  expect(webm.bytes.length).toBeGreaterThan(2000);
  await expect(page.getByTestId('export-status')).toHaveText('Video: done.');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '12'); // the player is back where it was
});

test('Cat and Mouse: the frame holds the board and both grids', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await openExport(page);
  const svg = (await save(page, 'export-svg')).bytes.toString('utf8');
  expect(svg.match(/<image /g)).toHaveLength(2); // the two outcome grids (canvases)
  expect(svg).toContain('<circle'); // the board's nodes
  const png = decodePng((await save(page, 'export-png')).bytes);
  expect(png.width).toBeGreaterThan(300);
});

test('Cat and Mouse II: the board of buttons exports as the SVG of its boxes and text, and as a PNG of them', async ({ page }) => {
  await page.goto('/?game=cat-mouse-ii');
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  const board = page.getByTestId('cm2-board');
  await expect(board).toBeVisible();
  const walls = await board.locator('.cm2-board__cell--wall').count();
  const frame = await page.locator('[data-export-frame]').boundingBox();
  await openExport(page);

  const svg = await save(page, 'export-svg');
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(text).not.toContain('class=');
  expect(text).not.toContain('<button'); // boxes and text, not page elements
  // At least one rect per cell of the board (walls included), and its tokens as text.
  expect((text.match(/<rect /g) ?? []).length).toBeGreaterThan(walls + 10);
  for (const token of ['>M<', '>C<', '>F<']) expect(text).toContain(token);
  // The wall colour as the page computes it is in the file.
  const wallFill = await board
    .locator('.cm2-board__cell--wall')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(text).toContain(`fill:${wallFill}`);

  const png = await save(page, 'export-png');
  const img = decodePng(png.bytes);
  expect(img.width).toBe(Math.ceil(frame.width) * 2);
  const colours = new Set();
  for (let i = 0; i < img.rgba.length; i += 4 * 31) colours.add((img.rgba[i] << 16) | (img.rgba[i + 1] << 8) | img.rgba[i + 2]);
  expect(colours.size).toBeGreaterThan(5); // the outcome colours of the cells, not a blank frame
});

test('captions: shown at their steps only, as text, and drawn under the exported frame', async ({ page }) => {
  test.setTimeout(60_000);
  const captions = [[5, 12, 'Down the left branch <b>no markup</b>']];
  await page.goto(`/?game=tree&step=9&captions=${encodeURIComponent(JSON.stringify(captions))}`);
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  const caption = page.getByTestId('caption');
  await expect(caption).toHaveText('Down the left branch <b>no markup</b>');
  await expect(page.locator('.caption b')).toHaveCount(0);
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '12');
  await expect(caption).toBeVisible();
  await page.getByTestId('step-forward').click();
  await expect(caption).toBeHidden();
  await page.getByTestId('to-start').click();
  await expect(caption).toBeHidden();
  await page.getByTestId('timeline').fill('5');
  await expect(caption).toBeVisible();
  await expect(page).toHaveURL(/captions=/); // the link keeps them

  const box = await page.locator('[data-export-frame]').boundingBox();
  await openExport(page);
  const svg = (await save(page, 'export-svg')).bytes.toString('utf8');
  expect(svg).toContain('>Down the left branch &lt;b&gt;no markup&lt;/b&gt;</text>');
  const png = decodePng((await save(page, 'export-png')).bytes);
  expect(png.width).toBe(Math.ceil(box.width) * 2);
  const drawn = Math.ceil(box.height) * 2;
  expect(png.height).toBeGreaterThan(drawn + 30); // the band under the drawing
  // The band holds the text: pixels far from the background (colour and alpha: the app's is transparent).
  const at = (x, y) => [...png.rgba.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4)];
  const bg = at(png.width - 1, png.height - 1);
  let ink = 0;
  for (let y = drawn; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) if (at(x, y).reduce((d, v, i) => d + Math.abs(v - bg[i]), 0) > 200) ink++;
  }
  expect(ink).toBeGreaterThan(300);

  await page.getByTestId('export-from').fill('11');
  await page.getByTestId('export-to').fill('14');
  await page.getByTestId('export-fps').fill('30');
  const webm = await save(page, 'export-webm');
  expect([...webm.bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '5');
});

test('GIF: it decodes (frames, size, loop) and its first frame is the PNG export; the animated SVG is valid XML and animates', async ({ page }) => {
  test.setTimeout(90_000);
  const { GifReader } = (await import('omggif')).default;
  await page.goto('/?game=tree&step=12');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '12');
  await openExport(page);
  const png = decodePng((await save(page, 'export-png')).bytes);
  await page.getByTestId('export-from').fill('12');
  await page.getByTestId('export-to').fill('20');
  await page.getByTestId('export-fps').fill('10');
  await page.getByTestId('export').getByLabel('size').selectOption('2');
  const gifFile = await save(page, 'export-gif');
  expect(gifFile.name).toBe('perfect-play-tree-steps12-20.gif');
  await expect(page.getByTestId('export-status')).toHaveText(/^GIF: done \(\d+ kB\)\.$/);
  const gif = new GifReader(new Uint8Array(gifFile.bytes));
  expect(gif.numFrames()).toBe(9);
  expect([gif.width, gif.height]).toEqual([png.width, png.height]);
  expect(gif.loopCount()).toBe(0); // forever
  expect(gif.frameInfo(0).delay).toBe(10); // centiseconds: 10 frames a second
  const first = new Uint8Array(gif.width * gif.height * 4);
  gif.decodeAndBlitFrameRGBA(0, first);
  let off = 0;
  for (let i = 0; i < first.length; i += 4) {
    const d = Math.abs(first[i] - png.rgba[i]) + Math.abs(first[i + 1] - png.rgba[i + 1]) + Math.abs(first[i + 2] - png.rgba[i + 2]);
    if (d > 60) off++; // a 256-colour palette moves colours a little
  }
  expect(off / (first.length / 4)).toBeLessThan(0.005);
  // Frames differ: the search moves.
  const last = new Uint8Array(first.length);
  gif.decodeAndBlitFrameRGBA(8, last);
  expect(Buffer.compare(Buffer.from(first), Buffer.from(last))).not.toBe(0);

  await page.getByTestId('export-loop').uncheck();
  await page.getByTestId('export-to').fill('13');
  const once = new GifReader(new Uint8Array((await save(page, 'export-gif')).bytes));
  expect(once.numFrames()).toBe(2);
  expect(once.loopCount()).toBe(null); // played once

  await page.getByTestId('export-loop').check();
  await page.getByTestId('export-to').fill('20');
  const svgFile = await save(page, 'export-svg-anim');
  expect(svgFile.name).toBe('perfect-play-tree-steps12-20.svg');
  const svg = svgFile.bytes.toString('utf8');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '12'); // the player is back where it was
  // Checked in a page of its own (no CSP there to refuse the inline styles a parsed document carries).
  const blank = await page.context().newPage();
  await blank.setContent('<!doctype html><title>check</title><body style="margin:0"></body>');
  const checked = await blank.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      animations: doc.querySelectorAll('animate[attributeName="display"][repeatCount="indefinite"]').length,
    };
  }, svg);
  expect(checked).toMatchObject({ error: null, root: 'svg' });
  expect(checked.animations).toBeGreaterThan(8);
  // In an <img> (no script runs there), the picture changes by itself.
  await blank.evaluate((text) => {
    const img = document.createElement('img');
    img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    img.alt = 'animated export';
    img.dataset.testid = 'anim';
    document.body.append(img);
  }, svg);
  const img = blank.getByTestId('anim');
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => el.decode().then(() => el.naturalWidth))).toBeGreaterThan(100);
  const shots = new Set();
  for (let i = 0; i < 6; i++) {
    shots.add((await img.screenshot()).toString('base64'));
    await blank.waitForTimeout(170);
  }
  expect(shots.size).toBeGreaterThan(1);
  await blank.close();
});
