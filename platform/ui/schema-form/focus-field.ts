import { revealField } from './layout/reveal';

/**
 * Takes the focus to a field and brings it to the middle of the screen, showing first the tab
 * it is in. For an element that cannot take the focus itself (a group of checkboxes), its
 * first input does.
 */
export function focusField(element: HTMLElement | null): boolean {
  if (!element) return false;
  revealField(element);
  const target = element.matches('input, textarea, select, button, [tabindex]')
    ? element
    : (element.querySelector<HTMLElement>('input, textarea, select, button') ?? element);
  target.focus({ preventScroll: true });
  // jsdom has no scrollIntoView.
  target.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * Focuses the first field of a form that shows an error (in the order of the page), else
 * the error summary. Called once the errors of a refused submit are on screen.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  if (!form) return;
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (focusField(invalid)) return;
  const summary = form.querySelector<HTMLElement>('[data-form-errors]');
  if (summary) {
    summary.tabIndex = -1;
    focusField(summary);
  }
}
