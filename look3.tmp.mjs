import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4310';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByRole('textbox', { name: /user name/i }).fill(process.argv[2] ?? 'employee1');
await page.getByLabel(/password/i).first().fill('Demo-2026!');
await page.getByRole('button', { name: /sign in/i }).click();
await page.waitForURL(u => !u.pathname.startsWith('/login'));
await page.goto(base + (process.argv[3] ?? '/'));
await page.waitForTimeout(2500);
console.log(await page.evaluate(() => {
  const out = [];
  const scroller = (el) => { let p = el.parentElement; while (p) { const s = getComputedStyle(p).overflowX; if (s === 'auto' || s === 'scroll' || s === 'hidden') return true; p = p.parentElement; } return false; };
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1) {
      const cs = getComputedStyle(el);
      out.push(`${el.tagName}.${String(el.className).slice(0,50)} [${el.getAttribute('aria-label') ?? ''}] left=${Math.round(r.left)} right=${Math.round(r.right)} pos=${cs.position} text=${(el.textContent||'').slice(0,30)}`);
    }
  }
  return out.slice(0, 20).join('\n');
}));
await browser.close();
