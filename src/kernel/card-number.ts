// Whether a merchant's text carries a card number (PAN). No card number ever reaches the gateway (DESIGN.md 7): the
// buyer types it on the provider's form. A merchant's text that holds one is refused, since whatever is accepted is
// kept for good in the event store, shown to the buyer and sent in webhooks (docs/decisions.md, "Card numbers in a
// merchant's text").

// Digits in groups joined by one white space (a no-break space from a document too), hyphen, dot, slash or underscore,
// as a number is copied from a card, a receipt or a form.
const DIGIT_RUN = /\d+(?:[\s./_-]\d+)*/g;

/** The major industry identifiers of payment cards (3 to 6) or Mastercard's 2-series (2221-2720). */
function cardPrefix(digits: string): boolean {
  if (/^[3-6]/.test(digits)) return true;
  const four = Number(digits.slice(0, 4));
  return four >= 2221 && four <= 2720;
}

/** The Luhn check digit every card number ends with (ISO/IEC 7812). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * True when some groups of a digit run, taken together, are 13 to 19 digits on a card prefix with a valid check digit.
 * A longer unbroken number is no card; a card number after an order number ("123 4111 1111 1111 1111") is found.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.split(/[\s./_-]/);
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length < 19; last++) {
        digits += groups[last];
        if (digits.length >= 13 && digits.length <= 19 && cardPrefix(digits) && luhn(digits)) return true;
      }
    }
  }
  return false;
}
