// Thumb-sized targets (WCAG 2.5.5 and 2.5.8, decision 015): the controls on screen smaller than a
// thumb, measured the same way by every spec that checks a screen at 375 px.
import { expect, type Page } from '@playwright/test';

export const THUMB = 44;
export const MINIMUM = 24;

export type Small = { what: string; width: number; height: number };

/**
 * The visible controls smaller than `min` px: height for every control, width too for a control that
 * shows no text (an icon button). A radio's or checkbox's target is its label (a tap on it checks the
 * box); a segmented control's radios are hidden behind theirs.
 */
export function smallControls(page: Page, min = THUMB, within = 'body'): Promise<Small[]> {
  return page.evaluate(
    ({ min, within }) => {
      const selector = [
        'button',
        '[role="button"]',
        '[role="tab"]',
        '[role="option"]',
        'a[href]',
        'input:not([type="hidden"])',
        'select',
        'textarea',
      ].join(', ');
      const found: Small[] = [];
      // A link inside a sentence is exempt (WCAG 2.5.8's inline exception); a link that stands alone
      // ('View all', 'All clients') is a control like any button. In a sentence: the first parent that
      // is not inline is a block of running text ('Contact: 082…', '…done on the Clients page.') with
      // more words than the link. A flex or grid row ('View all' beside a title) lays out controls.
      const inSentence = (link: HTMLElement) => {
        let el = link.parentElement;
        while (el && getComputedStyle(el).display.startsWith('inline')) el = el.parentElement;
        if (!el || !['block', 'flow-root', 'list-item', 'table-cell'].includes(getComputedStyle(el).display))
          return false;
        return (el.textContent ?? '').trim() !== (link.textContent ?? '').trim();
      };
      const root = document.querySelector(within);
      if (!root) return [{ what: `nothing matches ${within}`, width: 0, height: 0 }];
      for (const el of root.querySelectorAll<HTMLElement>(selector)) {
        if (el instanceof HTMLAnchorElement && inSentence(el)) continue;
        let target: HTMLElement = el;
        if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')) {
          target = el.labels?.[0] ?? el;
        } else if (el.closest('.mantine-PasswordInput-input')) {
          // The password field's text box sits inside the field's border, which is the target.
          target = el.closest<HTMLElement>('.mantine-PasswordInput-input') ?? el;
        }
        const rect = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        const visible =
          rect.width > 0 &&
          rect.height > 0 &&
          style.visibility !== 'hidden' &&
          Number(style.opacity) > 0 &&
          rect.right > 0 &&
          rect.left < window.innerWidth &&
          !target.closest('[aria-hidden="true"], [inert]');
        if (!visible) continue;
        const iconOnly = (target.textContent ?? '').trim() === '' && !(target instanceof HTMLInputElement);
        if (rect.height < min - 0.5 || (iconOnly && rect.width < min - 0.5)) {
          const name =
            target.getAttribute('aria-label') ??
            (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent?.trim() : undefined) ??
            target.getAttribute('placeholder') ??
            ((target.textContent ?? '').trim().slice(0, 40) || target.tagName.toLowerCase());
          found.push({
            what: `${target.tagName.toLowerCase()}${target.getAttribute('role') ? `[role=${target.getAttribute('role')}]` : ''} "${name}"`,
            width: Math.round(rect.width),
            height: Math.round(rect.height),
          });
        }
      }
      return found;
    },
    { min, within },
  );
}

/**
 * The visible buttons, link-buttons, tabs and picker rows whose text is cut off (decision 067): the
 * control, or a box inside it, holds more than it shows and hides the rest ("Download transmissions (CS").
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="tab"], [role="option"], a[href].mantine-Button-root, a[href].mantine-NavLink-root',
    );
    const found: string[] = [];
    for (const control of controls) {
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || control.closest('[aria-hidden="true"], [inert]')) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const boxes = [control, ...control.querySelectorAll<HTMLElement>('*')];
      const cut = boxes.some((box) => {
        if (box instanceof SVGElement || (box.textContent ?? '').trim() === '') return false;
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') return false;
        return box.scrollWidth > box.clientWidth + 1;
      });
      if (cut) found.push((control.textContent ?? '').trim().slice(0, 80));
    }
    return found;
  });
}

/** Fails (softly, so one run lists every screen) when a control is under `min` px or its text is cut off. */
export async function expectThumbSized(page: Page, where: string, min = THUMB) {
  const small = await smallControls(page, min);
  expect.soft(small, `controls under ${min} px on ${where}`).toEqual([]);
  expect.soft(await clippedTexts(page), `text cut off in controls on ${where}`).toEqual([]);
  if (min > MINIMUM) return;
  expect.soft(await smallControls(page, MINIMUM), `controls under ${MINIMUM} px on ${where}`).toEqual([]);
}

/**
 * The visible text boxes (inputs, text areas, selects) whose own box is under `min` px high, however
 * they are drawn: a password field's text box sits inside its border, so it is measured itself here
 * (it was 42 px in a 44 px field).
 */
export function smallTextBoxes(page: Page, min = THUMB): Promise<Small[]> {
  return page.evaluate((min) => {
    const found: Small[] = [];
    const boxes = document.querySelectorAll<HTMLElement>(
      'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea, select',
    );
    for (const el of boxes) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0)
        continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (rect.height < min - 0.5) {
        const name =
          el.getAttribute('aria-label') ??
          (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ??
          el.getAttribute('placeholder') ??
          el.tagName.toLowerCase();
        found.push({
          what: `${el.tagName.toLowerCase()} "${name}"`,
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }
    }
    return found;
  }, min);
}

/** The visible links matching `selector` under `min` px high, in a sentence or not. */
export function smallLinks(page: Page, selector: string, min = THUMB): Promise<Small[]> {
  return page.evaluate(
    ({ selector, min }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .map((a) => ({ a, rect: a.getBoundingClientRect() }))
        .filter(({ rect }) => rect.height > 0 && rect.height < min - 0.5)
        .map(({ a, rect }) => ({
          what: `a "${a.textContent?.trim()}"`,
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        })),
    { selector, min },
  );
}
