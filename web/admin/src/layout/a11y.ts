/**
 * react-admin 5 puts the "Select this row" label on the wrapper span of each row checkbox, where
 * assistive technologies (and axe) do not find it; move it onto the checkbox input itself.
 */
export function labelRowCheckboxes(root: HTMLElement): () => void {
  const fix = () => {
    root.querySelectorAll<HTMLElement>('span[aria-label].RaDatagrid-checkbox, span[aria-label].MuiCheckbox-root').forEach((span) => {
      const input = span.querySelector('input');
      const label = span.getAttribute('aria-label');
      if (input && label) {
        input.setAttribute('aria-label', label);
        span.removeAttribute('aria-label');
      }
    });
  };
  const observer = new MutationObserver(fix);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  fix();
  return () => observer.disconnect();
}
