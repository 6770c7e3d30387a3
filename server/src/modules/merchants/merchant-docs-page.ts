// The merchant API's docs page: the HTML rendered from the OpenAPI document's Markdown, and its styles.
import { PROBLEM_TITLES, type ProblemCode, problemTypeUri } from '../../lib/problem.ts';
import type { MerchantOpenApi } from './merchant-openapi.ts';

/**
 * The merchant API's docs page, rendered on the server from the OpenAPI document: the guide, every
 * operation with its parameters, bodies, answers and examples, the webhooks, the schemas and the problem
 * types. Plain HTML with one style sheet served beside it: no scripts, fonts or inline styles, so it works
 * under the app's Content-Security-Policy (`default-src 'self'`, `style-src 'self'`) and offline.
 */

type Json = Record<string, unknown>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `code` and **bold** inside already escaped text. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** The little Markdown the descriptions use: paragraphs, `- ` lists, pipe tables, `code` and **bold**. */
export function markdownToHtml(markdown: string): string {
  const blocks = markdown.trim().split(/\n\s*\n/);
  return blocks
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => line.trim().startsWith('|'))) {
        const cells = (line: string) =>
          line
            .trim()
            .replace(/^\||\|$/g, '')
            .split('|')
            .map((cell) => cell.trim());
        const [head, , ...rows] = lines;
        const headHtml = cells(head!)
          .map((cell) => `<th>${inline(cell)}</th>`)
          .join('');
        const rowsHtml = rows
          .map(
            (row) =>
              `<tr>${cells(row)
                .map((cell) => `<td>${inline(cell)}</td>`)
                .join('')}</tr>`,
          )
          .join('');
        return `<table><thead><tr>${headHtml}</tr></thead><tbody>${rowsHtml}</tbody></table>`;
      }
      if (lines.every((line) => line.startsWith('- '))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

const refName = (ref: string) => ref.split('/').pop() ?? ref;
const schemaAnchor = (name: string) => `schema-${name}`;

/** A schema's type in a few words, with a link for a named schema. */
function typeText(schema: Json): string {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  const variants = asArray(schema.anyOf ?? schema.oneOf);
  if (variants.length) return variants.map((variant) => typeText(asObject(variant))).join(' or ');
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => `<code>${escapeHtml(String(value))}</code>`).join(' | ');
  if (schema.type === 'array') return `array of ${typeText(asObject(schema.items))}`;
  if (schema.type === 'object' && schema.additionalProperties && !schema.properties)
    return `object of ${typeText(asObject(schema.additionalProperties))}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : asString(schema.type) || 'any';
  return escapeHtml(schema.format ? `${type} (${asString(schema.format)})` : type);
}

/** The rules on a value, as a reader would state them. */
function constraintsText(schema: Json): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`length ≤ ${schema.maxLength}`);
  if (typeof schema.minimum === 'number' && schema.minimum > -1e15) parts.push(`≥ ${schema.minimum}`);
  if (typeof schema.exclusiveMinimum === 'number') parts.push(`> ${schema.exclusiveMinimum}`);
  if (typeof schema.maximum === 'number' && schema.maximum < 1e15) parts.push(`≤ ${schema.maximum}`);
  if (typeof schema.pattern === 'string' && schema.format === undefined)
    parts.push(`matches <code>${escapeHtml(schema.pattern)}</code>`);
  if (schema.default !== undefined)
    parts.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  return parts.join('; ');
}

/** Property rows of an object schema, nested objects flattened as `parent.child`. */
function propertyRows(schema: Json, prefix = ''): string[] {
  const properties = asObject(schema.properties);
  const required = new Set(asArray(schema.required).map(String));
  return Object.entries(properties).flatMap(([name, raw]) => {
    const property = asObject(raw);
    const nested =
      property.type === 'object' && property.properties ? propertyRows(property, `${prefix}${name}.`) : [];
    const description = asString(property.description);
    const constraints = constraintsText(property);
    const row = `<tr><td><code>${escapeHtml(prefix + name)}</code></td><td>${typeText(property)}</td><td>${
      required.has(name) ? 'yes' : 'no'
    }</td><td>${inline(description)}${description && constraints ? '<br>' : ''}${constraints}</td></tr>`;
    return [row, ...nested];
  });
}

function propertiesTable(schema: Json): string {
  const rows = propertyRows(schema);
  if (!rows.length) return '';
  return `<table><thead><tr><th>field</th><th>type</th><th>required</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const exampleBlock = (value: unknown, label?: string) =>
  `${label ? `<p class="label">${escapeHtml(label)}</p>` : ''}<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

/** Resolves a `#/components/<kind>/<name>` reference within the document. */
function resolve(doc: MerchantOpenApi, value: unknown): Json {
  const object = asObject(value);
  if (typeof object.$ref !== 'string') return object;
  const [, , kind, name] = object.$ref.split('/');
  const components = asObject(asObject(doc.components)[kind ?? '']);
  return asObject(components[name ?? '']);
}

function parametersTable(doc: MerchantOpenApi, parameters: unknown[]): string {
  if (!parameters.length) return '';
  const rows = parameters.map((raw) => {
    const parameter = resolve(doc, raw);
    const schema = asObject(parameter.schema);
    const constraints = constraintsText(schema);
    const example =
      parameter.example === undefined ? '' : `<br>e.g. <code>${escapeHtml(String(parameter.example))}</code>`;
    return `<tr><td><code>${escapeHtml(asString(parameter.name))}</code></td><td>${escapeHtml(
      asString(parameter.in),
    )}</td><td>${typeText(schema)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${inline(
      asString(parameter.description),
    )}${constraints ? `<br>${constraints}` : ''}${example}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>type</th><th>required</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A request or answer body: each media type with its schema and examples. */
function contentHtml(content: unknown): string {
  return Object.entries(asObject(content))
    .map(([mediaType, raw]) => {
      const media = asObject(raw);
      const examples = Object.entries(asObject(media.examples)).map(([name, example]) =>
        exampleBlock(asObject(example).value, name),
      );
      const single = media.example === undefined ? [] : [exampleBlock(media.example)];
      return `<p><code>${escapeHtml(mediaType)}</code>: ${typeText(asObject(media.schema))}</p>${[...single, ...examples].join('')}`;
    })
    .join('');
}

function responsesHtml(doc: MerchantOpenApi, responses: Json): string {
  const items = Object.entries(responses).map(([status, raw]) => {
    const response = resolve(doc, raw);
    const headers = Object.entries(asObject(response.headers))
      .map(
        ([name, header]) =>
          `<code>${escapeHtml(name)}</code>: ${inline(asString(asObject(header).description))}`,
      )
      .join('; ');
    return `<div class="response"><h5><span class="status s${escapeHtml(status[0] ?? '')}">${escapeHtml(
      status,
    )}</span> ${inline(asString(response.description))}</h5>${headers ? `<p>Headers: ${headers}</p>` : ''}${contentHtml(response.content)}</div>`;
  });
  return `<h4>Answers</h4>${items.join('')}`;
}

function operationHtml(
  doc: MerchantOpenApi,
  method: string,
  path: string,
  operation: Json,
  anchor: string,
): string {
  const security =
    Array.isArray(operation.security) && operation.security.length === 0 ? 'no key' : 'API key';
  const body = asObject(operation.requestBody);
  return `<section class="operation" id="${escapeHtml(anchor)}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(
    path,
  )}</code></h3>
<p class="summary">${inline(asString(operation.summary))} <span class="meta">operationId <code>${escapeHtml(
    asString(operation.operationId),
  )}</code> · ${security}</span></p>
${markdownToHtml(asString(operation.description))}
${parametersTable(doc, asArray(operation.parameters))}
${body.content ? `<h4>Body</h4>${contentHtml(body.content)}` : ''}
${responsesHtml(doc, asObject(operation.responses))}
</section>`;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The page. `stylesHref` is the absolute path of the style sheet route. */
export function renderMerchantDocsPage(
  doc: MerchantOpenApi,
  options: { stylesHref: string; openApiHref: string },
): string {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = asObject(asObject(item)[method]);
      return operation.operationId ? [{ method, path, operation }] : [];
    }),
  );
  const webhooks = Object.entries(doc.webhooks).map(([name, item]) => ({
    name,
    operation: asObject(item.post),
  }));
  const schemas = Object.entries(doc.components.schemas);
  const security = doc.components.securitySchemes.merchantKey;
  const problemCodes = Object.keys(PROBLEM_TITLES) as ProblemCode[];

  const nav = [
    '<li><a href="#guide">Guide</a></li>',
    '<li><a href="#auth">Authentication</a></li>',
    `<li><a href="#operations">Operations</a><ul>${operations
      .map(
        ({ method, path, operation }) =>
          `<li><a href="#op-${escapeHtml(asString(operation.operationId))}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
      )
      .join('')}</ul></li>`,
    `<li><a href="#webhooks">Webhooks</a></li>`,
    `<li><a href="#errors">Errors</a></li>`,
    `<li><a href="#schemas">Schemas</a></li>`,
  ].join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title>
<link rel="stylesheet" href="${escapeHtml(options.stylesHref)}">
</head>
<body>
<nav><p class="brand">${escapeHtml(doc.info.title)}</p><ul>${nav}</ul></nav>
<main>
<header>
<h1>${escapeHtml(doc.info.title)} <span class="version">v${escapeHtml(doc.info.version)}</span></h1>
<p>${inline(doc.info.summary)}</p>
<p>Base URL: <code>${escapeHtml(doc.servers[0]?.url ?? '')}</code> · OpenAPI 3.1 document: <a href="${escapeHtml(
    options.openApiHref,
  )}">${escapeHtml(options.openApiHref)}</a></p>
</header>
<section id="guide"><h2>Guide</h2>${markdownToHtml(doc.info.description)}</section>
<section id="auth"><h2>Authentication</h2>
<p>HTTP <code>Authorization: Bearer &lt;key&gt;</code>; the key looks like <code>${escapeHtml(
    security.bearerFormat,
  )}</code>.</p>${markdownToHtml(security.description)}</section>
<section id="operations"><h2>Operations</h2>
${operations
  .map(({ method, path, operation }) =>
    operationHtml(doc, method, path, operation, `op-${asString(operation.operationId)}`),
  )
  .join('\n')}
</section>
<section id="webhooks"><h2>Webhooks</h2>
<p>On every status change of an order we POST its event to the order's <code>callback_url</code>, or else to your webhook URL (Settings → API). Each is signed per Standard Webhooks; verify it before trusting it, answer 2xx quickly, and deduplicate by <code>webhook-id</code>. Failed attempts are retried with exponential backoff for up to 72 hours, in order per order.</p>
${webhooks.map(({ name, operation }) => operationHtml(doc, 'post', name, operation, `webhook-${name}`)).join('\n')}
</section>
<section id="errors"><h2>Errors</h2>
<p>Every error is <code>application/problem+json</code> (RFC 9457). Branch on <code>type</code>:</p>
<table><thead><tr><th>type</th><th>title</th></tr></thead><tbody>${problemCodes
    .map(
      (code) =>
        `<tr><td><code>${escapeHtml(problemTypeUri(code))}</code></td><td>${escapeHtml(PROBLEM_TITLES[code])}</td></tr>`,
    )
    .join('')}</tbody></table>
</section>
<section id="schemas"><h2>Schemas</h2>
${schemas
  .map(
    ([name, schema]) =>
      `<section class="schema" id="${schemaAnchor(name)}"><h3>${escapeHtml(name)}</h3>${markdownToHtml(
        asString(asObject(schema).description),
      )}${propertiesTable(asObject(schema))}</section>`,
  )
  .join('\n')}
</section>
</main>
</body>
</html>
`;
}

/** The page's only style sheet (served as a file: the CSP forbids inline styles). */
export const MERCHANT_DOCS_CSS = `:root { color-scheme: light dark; --fg: #1d2430; --muted: #5b6575; --line: #d9dee7; --bg: #ffffff; --code: #f3f5f9; --accent: #2f6fde; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3acbb; --line: #323a48; --bg: #12161d; --code: #1c222c; --accent: #7aa7ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); display: flex; }
nav { position: sticky; top: 0; height: 100vh; overflow: auto; width: 280px; flex: none; padding: 20px; border-right: 1px solid var(--line); font-size: 14px; }
nav ul { list-style: none; padding-left: 0; margin: 0; } nav ul ul { padding-left: 12px; } nav li { margin: 4px 0; }
nav .brand { font-weight: 700; font-size: 16px; }
main { flex: 1; min-width: 0; max-width: 1040px; padding: 24px 32px 80px; }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
h1 .version { color: var(--muted); font-weight: 400; font-size: 18px; }
h2 { margin-top: 48px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { margin-top: 32px; } h4 { margin: 18px 0 6px; } h5 { margin: 12px 0 4px; font-size: 14px; }
code { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--code); padding: 12px; border-radius: 6px; overflow: auto; } pre code { padding: 0; background: none; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border: 1px solid var(--line); }
.operation { border-top: 1px solid var(--line); padding-top: 4px; }
.method { display: inline-block; min-width: 56px; text-align: center; padding: 2px 8px; border-radius: 4px; color: #fff; font-size: 13px; }
.method.get { background: #2f855a; } .method.post { background: #2f6fde; } .method.delete { background: #c53030; }
.status { display: inline-block; min-width: 40px; padding: 1px 6px; border-radius: 4px; color: #fff; font-size: 12px; text-align: center; }
.status.s2 { background: #2f855a; } .status.s4 { background: #b7791f; } .status.s5 { background: #c53030; }
.meta, .label { color: var(--muted); font-size: 13px; } .label { margin: 8px 0 2px; }
@media (max-width: 800px) { body { display: block; } nav { position: static; height: auto; width: auto; border-right: 0; border-bottom: 1px solid var(--line); } main { padding: 16px; } }
`;
