// Inline SVG icons (no image requests; decorative, hidden from screen readers).
import { Raw } from './html.js';

const svg = (body: string, size = 28): Raw =>
  new Raw(`<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${body}</svg>`);

export const ICONS = {
  lock: svg('<path fill="currentColor" d="M12 1a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V11a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 8V6a3 3 0 1 1 6 0v3H9z"/>', 16),
  bank: svg('<path fill="currentColor" d="M12 2 2 7v2h20V7L12 2zm-7 9v7h3v-7H5zm5.5 0v7h3v-7h-3zM16 11v7h3v-7h-3zM2 20v2h20v-2H2z"/>'),
  card: svg('<path fill="currentColor" d="M3 5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H3zm0 2h18v2H3V7zm0 5h18v5H3v-5zm2 2v1.5h5V14H5z"/>'),
  cash: svg('<path fill="currentColor" d="M2 6h20v12H2V6zm2 2v8h16V8H4zm8 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM5 9h2v2H5V9zm12 4h2v2h-2v-2z"/>'),
  chevron: svg('<path fill="currentColor" d="M9 6l6 6-6 6-1.4-1.4L12.2 12 7.6 7.4z"/>', 20),
  ok: svg('<circle cx="12" cy="12" r="11" fill="currentColor"/><path fill="#fff" d="M10.2 15.6 6.8 12.2l1.4-1.4 2 2 5.6-5.6 1.4 1.4z"/>', 56),
  failed: svg('<circle cx="12" cy="12" r="11" fill="currentColor"/><path fill="#fff" d="M8.5 7.1 12 10.6l3.5-3.5 1.4 1.4-3.5 3.5 3.5 3.5-1.4 1.4-3.5-3.5-3.5 3.5-1.4-1.4 3.5-3.5-3.5-3.5z"/>', 56),
  clock: svg('<circle cx="12" cy="12" r="11" fill="currentColor"/><path fill="#fff" d="M11 5h2v6.4l4 2.4-1 1.7-5-3V5z"/>', 56),
  brand: svg('<rect width="24" height="24" rx="6" fill="currentColor"/><path fill="#fff" d="M7 6h6.5a4.5 4.5 0 0 1 0 9H10v3H7V6zm3 3v3h3.5a1.5 1.5 0 0 0 0-3H10z"/>', 26),
};
