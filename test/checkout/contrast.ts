// Measured in the page: the WCAG contrast ratio of each selector's text against its effective background.
// Kept as source text, evaluated by the browser (the tests' TypeScript has no DOM types).
export const CONTRAST_SCRIPT = `(selectors) => {
  const rgb = (value) => (value.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const background = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const color = rgb(getComputedStyle(node).backgroundColor);
      if (color.length === 3 || color[3] > 0) return color;
    }
    return [255, 255, 255];
  };
  return selectors.map((selector) => {
    const element = document.querySelector(selector);
    if (!element) return { selector, ratio: 0 };
    const fg = luminance(rgb(getComputedStyle(element).color));
    const bg = luminance(background(element));
    return { selector, ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05) };
  });
}`;

export const FOCUSED_TEXT = `document.activeElement && document.activeElement.textContent.replace(/\\s+/g, ' ').trim()`;

/** What FOCUS_SCRIPT answers for the focused element: its name and its focus ring's contrast. */
export interface Focus {
  name: string;
  ring: number;
}

/**
 * The focused element of the document it runs in (null when none, or when the focus is in a frame): a name to
 * recognise it by, and its focus ring's best contrast against the background around it (WCAG 1.4.11 asks 3:1).
 * The ring is the outline and any box-shadow spread of 2 px or more.
 */
export const FOCUS_SCRIPT = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el.tagName === 'IFRAME') return null;
  const rgb = (value) => (value.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  let around = [255, 255, 255];
  for (let node = el.parentElement; node; node = node.parentElement) {
    const color = rgb(getComputedStyle(node).backgroundColor);
    if (color.length === 3 || color[3] > 0) { around = color; break; }
  }
  const ratio = (color) => {
    const [a, b] = [luminance(rgb(color)), luminance(around)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  };
  const style = getComputedStyle(el);
  const rings = [];
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) rings.push(style.outlineColor);
  for (const shadow of style.boxShadow.matchAll(/(rgba?\\([^)]*\\))\\s+-?[\\d.]+px\\s+-?[\\d.]+px\\s+[\\d.]+px\\s+([\\d.]+)px/g)) {
    if (Number(shadow[2]) >= 2) rings.push(shadow[1]);
  }
  const name = el.id ? '#' + el.id : el.type === 'radio' ? 'radio:' + el.value : (el.textContent || '').replace(/\\s+/g, ' ').trim();
  return { name, ring: Math.max(0, ...rings.map(ratio)) };
})()`;
