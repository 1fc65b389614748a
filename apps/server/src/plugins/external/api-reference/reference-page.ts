import { createHash } from 'node:crypto';
import { escapeUTF8 } from 'entities';

/**
 * The API reference page (decision 045): the OpenAPI document rendered on the server into plain,
 * semantic HTML. No script at all and one inline style sheet allowed by its hash, so its CSP is
 * stricter than swagger-ui's, and nothing in it depends on a client-side renderer's accessibility.
 */

interface Schema {
  [key: string]: unknown;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  tags?: { name: string; description?: string }[];
  components?: {
    securitySchemes?: Record<
      string,
      { type: string; scheme?: string; in?: string; name?: string; description?: string }
    >;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--panel:#f6f7f9;--text:#1f2430;--muted:#4b5363;--line:#d5d9e0;--link:#3730a3;--ring:#4f46e5;
--get:#065f46;--post:#1e40af;--put:#854d0e;--delete:#991b1b;--other:#374151}
@media (prefers-color-scheme:dark){:root{--bg:#111318;--panel:#1b1e25;--text:#eceef2;--muted:#b4bccb;--line:#343a46;--link:#a5b4fc;
--ring:#a5b4fc;--get:#6ee7b7;--post:#93c5fd;--put:#fcd34d;--delete:#fca5a5;--other:#d1d5db}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header,main,nav{max-width:960px;margin:0 auto;padding:0 24px}
header{padding-top:32px}
h1{margin:0 0 8px;font-size:28px;letter-spacing:-.02em}
h2{margin:40px 0 12px;padding-bottom:6px;border-bottom:1px solid var(--line);font-size:22px}
h3{margin:0;font-size:17px;display:flex;flex-wrap:wrap;gap:10px;align-items:baseline}
h4{margin:16px 0 6px;font-size:15px}
p{margin:0 0 12px}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
code,pre{font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{margin:8px 0 0;padding:12px;background:var(--bg);border:1px solid var(--line);border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
.lead,.muted{color:var(--muted)}
.operation{margin:0 0 16px;padding:16px;background:var(--panel);border:1px solid var(--line);border-radius:8px}
.method{font-weight:700;text-transform:uppercase;font-size:14px}
.method-get{color:var(--get)}.method-post{color:var(--post)}.method-put{color:var(--put)}.method-delete{color:var(--delete)}
.method-other{color:var(--other)}
.path{overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;font-size:15px}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid var(--line)}
details{margin:6px 0}
summary{cursor:pointer;color:var(--link)}
nav ul{columns:2 280px;padding-left:20px}
nav li{break-inside:avoid}
`;

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** No script, no framing, nothing from anywhere: only the inline style sheet above, by its hash. */
export const REFERENCE_CSP = [
  "default-src 'none'",
  `style-src ${hashSource(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const esc = (text: unknown) => escapeUTF8(String(text ?? ''));

/** An anchor id made of safe characters only, unique on the page. */
function anchorMaker() {
  const used = new Set<string>();
  return (text: string) => {
    const base = `op-${text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? '';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? '');
  if (type === 'array') return `array of ${typeOf(schema.items as Schema | undefined) || 'any'}`;
  return schema.format ? `${type} (${String(schema.format)})` : type;
}

function schemaBlock(label: string, schema: Schema | undefined) {
  if (!schema) return '';
  return `<details><summary>${esc(label)}</summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function parametersTable(parameters: Parameter[]) {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(typeOf(p.schema))}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td>${esc(p.description ?? p.schema?.description ?? '')}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operationSection(id: string, method: string, path: string, op: Operation) {
  const known = ['get', 'post', 'put', 'delete'].includes(method) ? method : 'other';
  const security = op.security?.length
    ? `<p class="muted">Authorization: ${esc(op.security.flatMap((s) => Object.keys(s)).join(' or '))}</p>`
    : '';
  const body = op.requestBody?.content
    ? `<h4>Request body${op.requestBody.required ? ' (required)' : ''}</h4>` +
      Object.entries(op.requestBody.content)
        .map(([type, media]) => schemaBlock(`Schema of ${type}`, media.schema))
        .join('')
    : '';
  const responses = Object.entries(op.responses ?? {})
    .map(([status, response]) => {
      const schemas = Object.entries(response.content ?? {})
        .map(([type, media]) => schemaBlock(`Schema of ${status} ${type}`, media.schema))
        .join('');
      return `<li><strong>${esc(status)}</strong> ${esc(response.description ?? '')}${schemas}</li>`;
    })
    .join('');
  return `<section class="operation" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="method method-${known}">${esc(method)}</span> <code class="path">${esc(path)}</code></h3>
${op.summary ? `<p>${esc(op.summary)}</p>` : ''}${op.description ? `<p class="lead">${esc(op.description)}</p>` : ''}${security}
${parametersTable(op.parameters ?? [])}${body}
${responses ? `<h4>Responses</h4><ul>${responses}</ul>` : ''}
</section>`;
}

/** The whole page for this OpenAPI document; every text from it is escaped. */
export function referencePage(doc: OpenApiDocument, documentUrl: string): string {
  const anchor = anchorMaker();
  const byTag = new Map<string, { id: string; method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const list = byTag.get(tag) ?? [];
      list.push({ id: anchor(`${method} ${path}`), method, path, op });
      byTag.set(tag, list);
    }
  }
  const tagDescription = (name: string) => doc.tags?.find((t) => t.name === name)?.description;
  const tagAnchor = anchorMaker();
  const groups = [...byTag].map(([tag, ops]) => ({ tag, ops, id: `tag-${tagAnchor(tag)}` }));
  const toc = groups
    .map(({ tag, ops, id }) => `<li><a href="#${id}">${esc(tag)}</a> (${ops.length})</li>`)
    .join('');
  const sections = groups
    .map(({ tag, ops, id }) => {
      const description = tagDescription(tag);
      return `<section id="${id}" aria-labelledby="${id}-title">
<h2 id="${id}-title">${esc(tag)}</h2>${description ? `<p>${esc(description)}</p>` : ''}
${ops.map((o) => operationSection(o.id, o.method, o.path, o.op)).join('\n')}
</section>`;
    })
    .join('\n');
  const schemes = Object.entries(doc.components?.securitySchemes ?? {})
    .map(([name, s]) => {
      const how =
        s.type === 'apiKey'
          ? `API key in the ${s.in ?? ''} parameter ${s.name ?? ''}`
          : `${s.type} ${s.scheme ?? ''}`;
      return `<li><code>${esc(name)}</code>: ${esc(how)}${s.description ? ` (${esc(s.description)})` : ''}</li>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${esc(doc.info.title)} <span class="muted">${esc(doc.info.version)}</span></h1>
${doc.info.description ? `<p class="lead">${esc(doc.info.description)}</p>` : ''}
<p>The OpenAPI document: <a href="${esc(documentUrl)}">${esc(documentUrl)}</a></p>
${schemes ? `<p>Authorization schemes:</p><ul>${schemes}</ul>` : ''}
</header>
<nav aria-label="Groups of operations"><ul>${toc}</ul></nav>
<main>
${sections}
</main>
</body>
</html>
`;
}
