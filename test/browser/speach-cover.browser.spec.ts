/// <reference lib="dom" />
import { join } from 'node:path';
import sharp from 'sharp';
import { type BrowserSession, SCREENSHOTS, axeViolations, openBrowser, visit } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/** Issue 17: an author uploads a cover, frames it with the keyboard, and the card shows it. */
describe('learner app: the cover of a speach', () => {
  let server: RunningServer;
  let browser: BrowserSession;
  let speachId = '';

  beforeAll(async () => {
    server = await startServer();
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'author@example.com', password: 'demo-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${server.url}/api/v2/recorder/speach`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Cold room hygiene', language: 'en-US' }),
    });
    speachId = ((await created.json()) as { id: string }).id;
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('uploads a picture, frames it at 16:9 with the keyboard, and shows the cover on the card and in the editor', async () => {
    const { page } = browser;
    await visit(page, `${server.url}/login`);
    await page.getByLabel('E-mail').fill('author@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Welcome, Bruno' }).waitFor();
    await page.goto(`${server.url}/recorder/edit/${speachId}`);
    await page.getByRole('heading', { name: 'Cover' }).waitFor();
    // No upload yet: the generated cover and its explanation.
    await page.getByText('No picture yet').waitFor();

    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e7d32' } })
      .composite([
        {
          input: await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#f9a825' } })
            .png()
            .toBuffer(),
          left: 800,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    await page.locator('input[type=file][accept*="image/png"]').setInputFiles({ name: 'cold-room.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('Frame the cover (16:9)').waitFor();
    const zoom = page.getByRole('slider', { name: 'Zoom' });
    await zoom.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await page.getByRole('slider', { name: 'Horizontal position' }).focus();
    await page.keyboard.press('End');
    // Zoomed in and pushed to the right edge: the frame is narrower than the picture and touches its right side.
    const frame = await page.getByTestId('cover-frame').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const picture = el.parentElement!.getBoundingClientRect();
      return { right: (box.right - picture.left) / picture.width, width: box.width / picture.width };
    });
    expect(frame.right).toBeCloseTo(1, 2);
    expect(frame.width).toBeLessThan(0.9);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'cover-framing.png') });

    await page.getByRole('button', { name: 'Use this frame' }).click();
    await page.getByText('Cover saved').waitFor();
    const cover = page.getByRole('img', { name: 'Current cover' }).locator('img');
    await cover.waitFor();
    expect(await cover.getAttribute('srcset')).toMatch(/320w.*640w.*1280w/);
    // The right part of the picture was framed: the cover is yellow, not green.
    const colour = await cover.evaluate(async (img) => {
      const image = img as HTMLImageElement;
      if (!image.complete) await new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
      const canvas = document.createElement('canvas');
      canvas.width = 8;
      canvas.height = 8;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, 8, 8);
      const [r, g, b] = context.getImageData(4, 4, 1, 1).data;
      return { r, g, b };
    });
    expect(colour.r).toBeGreaterThan(200);
    expect(colour.b).toBeLessThan(100);
    await page.getByRole('button', { name: 'Remove the picture' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'cover-saved.png') });

    // The author's own list shows the card with the uploaded cover.
    await page.goto(`${server.url}/account`);
    const card = page.locator('img[srcset*="1280w"]').first();
    await card.waitFor();
  });
});
