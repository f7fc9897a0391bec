// When Empires Clash!'s army builder on a tablet: every line's weapon and "dismounts as" choice, and the
// stand type to add, shows its chosen words whole, even the longest the lists hold, at 1024x768 and
// 768x1024, with screenshots. The choices still answer a tap and the keyboard.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

/**
 * The choices of the army builder whose words do not all show: each with what it should say. Where a list
 * draws its chosen words itself they must fit its box; where the browser's own list draws them, they must
 * fit between its padding and its arrow.
 */
async function cutChoices(page) {
  return page.evaluate(() => {
    const ARROW = 20;
    const measure = document.createElement('canvas').getContext('2d');
    const cut = [];
    for (const select of document.querySelectorAll('[data-testid="army-screen"] select[data-testid*="-weapon-"], [data-testid="army-screen"] select[data-testid*="-foot-"], [data-testid="army-screen"] select[data-testid$="-add-kind"]')) {
      const want = select.selectedOptions[0]?.textContent ?? '';
      const id = select.dataset.testid;
      const words = document.querySelector(`[data-testid="${id}-words"]`);
      if (words && getComputedStyle(select).opacity === '0') {
        const box = words.parentElement.getBoundingClientRect();
        const drawn = words.getBoundingClientRect();
        const whole = words.textContent === want && words.scrollWidth <= words.clientWidth + 1 && drawn.right <= box.right + 0.5 && drawn.bottom <= box.bottom + 0.5;
        if (!whole) cut.push({ id, want, shown: words.textContent });
        if (box.height < 44) cut.push({ id, want, tooSmall: box.height });
      } else {
        const style = getComputedStyle(select);
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
        if (measure.measureText(want).width > room) cut.push({ id, want, need: Math.round(measure.measureText(want).width), room: Math.round(room) });
      }
    }
    return cut;
  });
}

/** The value of the option of `select` whose words are the longest. */
async function longest(locator) {
  return locator.evaluate((s) => [...s.options].reduce((a, b) => (b.textContent.length > a.textContent.length ? b : a)).value);
}

for (const [width, height] of [
  [1024, 768],
  [768, 1024],
]) {
  test(`the army builder's choices show their words whole (${width}x${height})`, async () => {
    const app = await launch({ width, height });
    const { page, tid, until, text } = app;
    try {
      await page.goto(app.base);
      await tid('open-desk-when-empires-clash').click();
      await tid('army-screen').waitFor();
      await tid('army-first-list').selectOption('zulu-war--british');
      await tid('army-second-list').selectOption('zulu-war--zulu');
      await until('the British list checked', async () => /36 of 36 points/.test(await text('army-first-check')));

      // As the lists give them, then the longest words each list holds.
      assert.deepEqual(await cutChoices(page), [], 'the lists as the text gives them');
      await page.screenshot({ path: join(out, `army-editor-${width}x${height}.png`) });
      const weapon = tid('army-first-weapon-0');
      await weapon.selectOption(await longest(weapon));
      const cavalry = page.locator('select[data-testid^="army-first-foot-"]').first();
      await cavalry.selectOption(await longest(cavalry));
      const adding = tid('army-first-add-kind');
      await adding.selectOption(await longest(adding));
      assert.deepEqual(await cutChoices(page), [], 'the longest words of each list');
      await page.screenshot({ path: join(out, `army-editor-longest-${width}x${height}.png`) });

      // The choice is the army's: the checker prices the new weapon, and Add takes the stand type chosen.
      const lines = await page.locator('[data-testid^="army-first-line-"]').count();
      await tid('army-first-add').click();
      await until('the stand added', async () => (await page.locator('[data-testid^="army-first-line-"]').count()) === lines + 1);
      assert.equal(await text('army-first-add-kind-words'), 'Add a stand type…', 'the list is ready for the next');

      // From the keyboard: the weapon list takes the focus, shows it, and the arrow keys change it.
      await weapon.focus();
      const ring = await weapon.evaluate((s) => getComputedStyle(s.parentElement).outlineStyle);
      assert.notEqual(ring, 'none', 'the focus is seen on the list');
      const before = await text('army-first-weapon-0-words');
      await page.keyboard.press('ArrowUp');
      await until('the weapon changed by the keyboard', async () => (await text('army-first-weapon-0-words')) !== before);
    } catch (e) {
      await page.screenshot({ path: join(out, `army-editor-failed-${width}x${height}.png`) }).catch(() => {});
      throw e;
    } finally {
      await app.close();
    }
  });
}
