// Message catalogues in the browser: a message id and its parameters in words, as the engine renders them
// (meeple.engine.messages): `{param}` fields; parameters named seat/seats/*_seat/*_seats show as the seats' names;
// a text starting with "@" is the id of another message (a game term); lists are joined with commas. A plural
// message is { count, forms }: the form of the count's plural category in the reader's language (Intl.PluralRules,
// the same CLDR rules the server uses), else its "other" form.

const TERM = "@";
let plurals = new Intl.PluralRules("en");
// In a right-to-left language each filled-in value (a name, a square, a card) is isolated (Unicode FSI ... PDI), so
// that a Latin name inside a Hebrew sentence keeps the sentence's order.
let isolate = false;
const RTL = new Set(["he", "ar", "fa", "ur", "yi"]);

export function setLanguage(lang) {
  try { plurals = new Intl.PluralRules(lang); } catch { plurals = new Intl.PluralRules("en"); }
  isolate = RTL.has(String(lang).split("-")[0]);
}

function template(message, params) {
  if (message === undefined || typeof message === "string") return message;
  const count = params ? params[message.count] : undefined;
  const category = typeof count === "number" ? plurals.select(count) : "other";
  return message.forms[category] ?? message.forms.other;
}

function isSeatKey(key) {
  return key === "seat" || key === "seats" || key.endsWith("_seat") || key.endsWith("_seats");
}

export function seatName(messages, seat, names) {
  if (names && seat >= 0 && seat < names.length) return names[seat];
  return text(messages, "engine.player", { number: seat + 1 });
}

function value(messages, key, v, names) {
  if (Array.isArray(v)) {
    const parts = v.map((x) => value(messages, key, x, names));
    return parts.length ? parts.join(", ") : text(messages, "engine.nothing");
  }
  if (typeof v === "boolean") return text(messages, v ? "engine.yes" : "engine.no");
  if (isSeatKey(key) && Number.isInteger(v)) return seatName(messages, v, names);
  if (typeof v === "string" && v.startsWith(TERM)) return text(messages, v.slice(TERM.length));
  return v;
}

// The message in words; an unknown id shows as the id with its parameters, a missing field as `{field}`.
export function text(messages, id, params = {}, names = null) {
  const form = template(messages[id], params || {});
  const shown = {};
  for (const [k, v] of Object.entries(params || {})) shown[k] = value(messages, k, v, names);
  if (form === undefined) {
    const inside = Object.entries(shown).map(([k, v]) => `${k}=${v}`).join(", ");
    return inside ? `${id}(${inside})` : id;
  }
  return form.replace(/\{(\w+)\}/g, (field, k) => (k in shown ? (isolate ? `\u2068${shown[k]}\u2069` : String(shown[k])) : field));
}

export function has(messages, id) {
  return messages[id] !== undefined;
}
