/**
 * A reader for the flat JSON objects automation apps build by pasting text into a template. MacroDroid's and
 * Tasker's magic text is inserted without JSON escaping, so a bank push with a quote or a line break in it
 * gives a body JSON.parse refuses: `{"sender":"ru.sberbankmobile","text":"Перевод от "ООО Ромашка"
 * 1 500 ₽"}`. This reader still takes it apart.
 *
 * How: keys are plain identifiers in double quotes; a string value ends at the first double quote that is
 * followed by `,"<identifier>":` (the next field) or by the closing brace at the very end of the body. A
 * value's text can therefore hold anything but exactly such a sequence, which is why the templates put the
 * free text (`text`) last. Valid escapes (`\n`, `\"`, `\u041F`…) are decoded; a backslash that starts none is
 * kept as it is. Numbers, true, false and null are read as JSON reads them; anything else unquoted stays text.
 */

const KEY = /\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*:\s*/y;
/** What may follow the closing quote of a string value. */
const AFTER_VALUE = /\s*(?:,\s*"[A-Za-z_][A-Za-z0-9_]*"\s*:|}\s*$)/y;
const ESCAPE = /\\(["\\/bfnrt]|u[0-9a-fA-F]{4})/g;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function decodeEscapes(raw: string): string {
  return raw.replace(ESCAPE, (_match, code: string) =>
    code.length === 5 ? String.fromCharCode(Number.parseInt(code.slice(1), 16)) : SIMPLE_ESCAPES[code]!,
  );
}

function bare(raw: string): unknown {
  const text = raw.trim();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  return text;
}

/** The end of a string value opened at `start` (the index after its opening quote), or -1. */
function stringEnd(text: string, start: number): number {
  for (let index = text.indexOf('"', start); index !== -1; index = text.indexOf('"', index + 1)) {
    AFTER_VALUE.lastIndex = index + 1;
    if (AFTER_VALUE.test(text)) return index;
  }
  return -1;
}

/** The fields of a flat JSON object read tolerantly (see above), or null when it is not one. */
export function parseTolerantJson(input: string): Record<string, unknown> | null {
  const text = input.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return null;
  const fields: Record<string, unknown> = {};
  let index = 1;
  if (/^\{\s*\}$/.test(text)) return fields;
  for (;;) {
    KEY.lastIndex = index;
    const key = KEY.exec(text);
    if (!key) return null;
    index = KEY.lastIndex;
    let value: unknown;
    if (text[index] === '"') {
      const end = stringEnd(text, index + 1);
      if (end === -1) return null;
      value = decodeEscapes(text.slice(index + 1, end));
      index = end + 1;
    } else {
      const end = text.slice(index).search(/[,}]/);
      if (end === -1) return null;
      value = bare(text.slice(index, index + end));
      index += end;
    }
    // Only the first occurrence of a key counts, as in the readers of form fields.
    if (!Object.hasOwn(fields, key[1]!)) fields[key[1]!] = value;
    const rest = /\s*([,}])/y;
    rest.lastIndex = index;
    const separator = rest.exec(text);
    if (!separator) return null;
    index = rest.lastIndex;
    if (separator[1] === '}') return index === text.length ? fields : null;
  }
}
