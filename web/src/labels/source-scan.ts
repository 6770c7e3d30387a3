import ts from 'typescript';
import { latinWordsOutsideLiterals } from './index.ts';

/**
 * The source half of the language test: finds the texts a screen can show in web/src's components and
 * reports those with English outside the spec's literals. Test-only (node:fs, the TypeScript parser).
 *
 * A text counts as shown when it is JSX text, a string given to a prop that is not code (className, href,
 * type, variant, data-*, …), a string child of a JSX expression, the message of a toast (notify.*,
 * paymentNotice.*), a value of an object of texts (a const named …TEXT, …LABELS, …MESSAGES, …STEPS) or a
 * string that reads as a sentence (a capital letter, then lower-case words). Class lists, paths, keys and
 * comparisons are code and never count.
 */

/** Props whose strings are code, not words for people. */
const CODE_PROPS = new Set([
  'className',
  'class',
  'href',
  'to',
  'src',
  'type',
  'variant',
  'size',
  'tone',
  'id',
  'key',
  'name',
  'role',
  'htmlFor',
  'autoComplete',
  'inputMode',
  'pattern',
  'method',
  'accept',
  'target',
  'rel',
  'align',
  'side',
  'sideOffset',
  'dir',
  'orientation',
  'mode',
  'value',
  'defaultValue',
  'form',
  'lang',
  'enterKeyHint',
  'autoCapitalize',
  'spellCheck',
  'fill',
  'stroke',
  'viewBox',
  'd',
  'xmlns',
  'strokeWidth',
  'strokeLinecap',
  'strokeLinejoin',
  'fillRule',
  'clipRule',
  'preserveAspectRatio',
  'level',
  'as',
  'icon',
  'testId',
  'hash',
  'section',
  'layout',
  'width',
  'height',
  'loading',
  'decoding',
  'fetchPriority',
]);

/** Calls whose string arguments are code (class names, keys, URLs, selectors). */
const CODE_CALLS =
  /^(cx|clsx|cn|twMerge|useMediaQuery|matchMedia|querySelector|querySelectorAll|getElementById|setAttribute|getAttribute|addEventListener|removeEventListener|startsWith|endsWith|includes|replace|replaceAll|split|join|padStart|padEnd|localStorage\.\w+|sessionStorage\.\w+|navigate|useNavigate|apiClient\.\w+|fetch|URL|URLSearchParams|Date|RegExp|Intl\.\w+|Symbol|lazy|import|require|createContext|console\.\w+|set|get|has|delete|append|useSearchParams|encodeURIComponent)$/;

/** Calls whose string arguments a person reads: toasts. */
const TOAST_CALLS = /^(notify|toast|paymentNotice|notice)\.\w+$/;

/** Consts that hold the texts of a page: their values are words for people. */
const TEXT_CONST = /(TEXT|TEXTS|LABELS|MESSAGES|STEPS|TITLES|COPY|HINTS|WORDS|NOTES|QUESTIONS|FAQ)$/;

/** A string that reads as an English sentence: a capitalised word, then lower-case words. */
const SENTENCE =
  /^[A-Z][a-z]+(?:[ ,'’][A-Za-z'’]+)+[.!?…]?$|^[A-Z][a-z]{2,}[.!?…]?$|(^|\s)[A-Z][a-z]{2,},?\s+[a-z]{2,}/;

export interface Finding {
  file: string;
  line: number;
  text: string;
  words: string[];
}

function calleeName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) {
    const left = calleeName(expression.expression);
    return left ? `${left}.${expression.name.text}` : expression.name.text;
  }
  return '';
}

/** Elements whose content is a literal: code, a value to paste, a phone app's own (English) button name. */
const LITERAL_TAGS = new Set(['code', 'kbd', 'Code', 'Ui', 'CopyField']);

function isLiteralElement(node: ts.Node): boolean {
  const opening = ts.isJsxElement(node)
    ? node.openingElement
    : ts.isJsxSelfClosingElement(node)
      ? node
      : null;
  if (!opening) return false;
  if (LITERAL_TAGS.has(opening.tagName.getText())) return true;
  return opening.attributes.properties.some(
    (attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText() === 'data-literal',
  );
}

/** True inside an element whose content is a literal (see LITERAL_TAGS, `data-literal`). */
function insideLiteral(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) if (isLiteralElement(parent)) return true;
  return false;
}

/** Aria props a screen reader says aloud; the other aria-* props hold tokens. */
const SPOKEN_ARIA = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
]);

/** Object keys whose values are code (class names, positions, variants). */
const CODE_KEYS =
  /^(class\w*|style|position|variant|tone|size|type|key|id|value|href|to|path|hash|icon|mode|name|testId|app|field|section|queryKey|method|accept)$/i;

/** True inside the initialiser of a const of texts (see TEXT_CONST). */
function inTextConst(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
      return TEXT_CONST.test(parent.name.text);
  }
  return false;
}

/** Why a string literal is shown to a person, or null when it is code. */
function shownReason(node: ts.Node): 'jsx' | 'prop' | 'toast' | 'texts' | 'maybe' | null {
  let child: ts.Node = node;
  let parent = node.parent;
  let crossedFunction = false;
  while (parent) {
    if (
      ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      ts.isTypeNode(parent) ||
      ts.isCaseClause(parent) ||
      ts.isElementAccessExpression(parent) ||
      ts.isComputedPropertyName(parent)
    )
      return null;
    if (ts.isPropertyAssignment(parent)) {
      if (parent.name === child) return null;
      if (!crossedFunction && !inTextConst(parent) && CODE_KEYS.test(parent.name.getText())) return null;
    }
    if (ts.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind;
      if (
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken ||
        op === ts.SyntaxKind.InKeyword
      )
        return null;
    }
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== child) {
      const name = calleeName(parent.expression);
      if (TOAST_CALLS.test(name)) return 'toast';
      // A string handed to any other function is its argument (a key, a field name), unless it is
      // returned from a callback (`.map(() => 'text')`), whose result is what is shown.
      if (!crossedFunction) return null;
      const last = name.split('.').pop() ?? '';
      if (CODE_CALLS.test(name) || CODE_CALLS.test(last)) return null;
    }
    if (ts.isJsxAttribute(parent)) {
      const prop = parent.name.getText();
      if (prop.startsWith('aria-')) return SPOKEN_ARIA.has(prop) ? 'prop' : null;
      if (CODE_PROPS.has(prop) || prop.startsWith('data-') || /^on[A-Z]/.test(prop)) return null;
      return 'prop';
    }
    if (
      ts.isJsxExpression(parent) &&
      parent.parent &&
      (ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent))
    )
      return 'jsx';
    if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
      return TEXT_CONST.test(parent.name.text) ? 'texts' : 'maybe';
    }
    if (ts.isFunctionLike(parent)) crossedFunction = true;
    if (ts.isSourceFile(parent)) return 'maybe';
    child = parent;
    parent = parent.parent;
  }
  return 'maybe';
}

/** A class list, an identifier, a path or a token: code even where a prop takes words. */
function looksLikeCode(text: string): boolean {
  const trimmed = text.trim();
  // CSS (a canvas font, a size): "12px Inter, sans-serif".
  if (/\b\d+(px|rem|em)\b/.test(trimmed)) return true;
  if (/^[a-z0-9_\-:./#[\]()%!&=,*@>~+]+$/.test(trimmed)) return true;
  const tokens = trimmed.split(/\s+/);
  return (
    tokens.length > 1 &&
    tokens.every((token) => /^[a-z0-9_\-:./#[\]()%!&=*@>~+]+$/.test(token)) &&
    tokens.some((token) => /[-:]/.test(token))
  );
}

function literalTexts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return [];
}

/**
 * The shown texts of one source file with English outside the literal lists. With `textsOnly` (shared's
 * modules, which the server reads too) only the consts of texts and sentences count.
 */
export function scanSource(file: string, source: string, { textsOnly = false } = {}): Finding[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const words = latinWordsOutsideLiterals(text);
    if (!words.length) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    findings.push({ file, line: line + 1, text: text.trim(), words });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replaceAll('&amp;', '&').replaceAll('&nbsp;', ' ');
      if (text.trim() && !insideLiteral(node)) report(node, text);
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const found = insideLiteral(node) ? null : shownReason(node);
      const reason = textsOnly && found !== 'texts' ? (found ? 'maybe' : null) : found;
      const texts = literalTexts(node);
      for (const text of texts) {
        if (!text.trim() || looksLikeCode(text)) continue;
        if (reason === 'maybe') {
          if (SENTENCE.test(text.trim())) report(node, text);
        } else if (reason) {
          report(node, text);
        }
      }
      if (ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

/** True for a source the language test reads: no tests, test helpers, type declarations or this module's lists. */
export function isScannedSource(file: string): boolean {
  return (
    /\.tsx?$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !/\.d\.ts$/.test(file) &&
    !/(^|\/)test\//.test(file) &&
    !/(^|\/)labels\//.test(file)
  );
}
