import { chromium } from 'playwright';
const base = 'http://127.0.0.1:4310';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
await page.goto(base + '/login');
await page.getByRole('textbox', { name: /user name/i }).fill('employee1');
await page.getByLabel(/password/i).first().fill('Demo-2026!');
await page.getByRole('button', { name: /sign in/i }).click();
await page.waitForURL(u => !u.pathname.startsWith('/login'));
await page.waitForTimeout(2500);
console.log(await page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect(); if (el.tagName==='TABLE') { let p=el.parentElement; while(p){const s=getComputedStyle(p); out.push('  parent '+p.tagName+'.'+String(p.className).slice(0,50)+' w='+Math.round(p.getBoundingClientRect().width)+' sw='+p.scrollWidth+' ox='+s.overflowX+' disp='+s.display+' minw='+s.minWidth); p=p.parentElement;} }
    if (r.width > 400 && r.width < 2000 && !["TR","THEAD","TBODY","COLGROUP","TD","TH","COL"].includes(el.tagName)) {
      const cs = getComputedStyle(el);
      out.push(`${el.tagName}.${String(el.className).slice(0,60)} w=${Math.round(r.width)} ox=${cs.overflowX} disp=${cs.display} minw=${cs.minWidth}`);
    }
  }
  return out.slice(0, 25).join('\n');
}));
await browser.close();
