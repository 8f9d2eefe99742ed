import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4310';
const who = process.argv[2] ?? 'employee1';
const paths = (process.argv[3] ?? '/').split(',');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const [w,h] of [[390,844],[768,1024],[1440,900]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByRole('textbox', { name: /user name/i }).fill(who);
  await page.getByLabel(/password/i).first().fill('Demo-2026!');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(u => !u.pathname.startsWith('/login'));
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForTimeout(2500);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    const name = `${who}${p.replace(/\//g,'_')}-${w}.png`;
    await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: false });
    console.log(w, p, 'scrollWidth', sw, name);
  }
  await ctx.close();
}
await browser.close();
