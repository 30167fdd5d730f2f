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
