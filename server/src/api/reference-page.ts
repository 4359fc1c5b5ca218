// The pt-BR reference of the REST API v1 (GET /api/v1/docs; docs/api.md): a static page rendered
// on the server from the OpenAPI document itself — no script, no CDN, nothing downloaded.
type Json = Record<string, unknown>;

const html = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `code` in backticks → <code>; the rest escaped. */
const inline = (text: string) => html(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function typeOf(schema: Json | undefined): string {
  if (!schema) return 'qualquer';
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' ou ');
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === 'array') return `lista de ${typeOf(schema.items as Json)}`;
  const format = schema.format ? ` (${schema.format})` : '';
  return `${String(schema.type ?? 'qualquer')}${format}`;
}

function fieldsTable(rows: { name: string; where?: string; required: boolean; schema: Json }[]): string {
  if (!rows.length) return '';
  return `<div class="scroll" tabindex="0" role="region" aria-label="Campos"><table><thead><tr><th>Campo</th>${rows.some((r) => r.where) ? '<th>Onde</th>' : ''}<th>Tipo</th><th>Obrigatório</th></tr></thead><tbody>${rows
    .map(
      (r) =>
        `<tr><td><code>${html(r.name)}</code></td>${r.where ? `<td>${html(r.where)}</td>` : ''}<td>${html(typeOf(r.schema))}</td><td>${r.required ? 'sim' : 'não'}</td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

const WHERE: Record<string, string> = { path: 'caminho', query: 'query string', header: 'cabeçalho' };

export function referencePage(document: Json): string {
  const info = document.info as { title: string; description: string; version: string };
  const server = ((document.servers as { url: string }[])[0] as { url: string }).url;
  const components = document.components as { parameters: Record<string, Json> };
  const ops: { tag: string; html: string }[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = ((op.parameters ?? []) as Json[]).map((p) =>
        p.$ref ? (components.parameters[String(p.$ref).split('/').pop()!] as Json) : p,
      );
      const content = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content;
      const body = content?.['application/json']?.schema;
      // A raw body (the image upload): its type and the file, as curl sends it.
      const rawType = content && !body ? Object.keys(content)[0] : undefined;
      const bodyRows = body
        ? Object.entries((body.properties ?? {}) as Record<string, Json>).map(([name, schema]) => ({
            name,
            required: ((body.required ?? []) as string[]).includes(name),
            schema,
          }))
        : [];
      const curl = [
        `curl -X ${method.toUpperCase()} "${server}${path}"`,
        '  -H "Authorization: Bearer $PAUTA_TOKEN"',
        ...(method === 'post' ? ['  -H "Idempotency-Key: $(uuidgen)"'] : []),
        ...(body ? ['  -H "Content-Type: application/json"', "  -d '{…}'"] : []),
        ...(rawType ? [`  -H "Content-Type: ${rawType}"`, '  --data-binary @foto.jpg'] : []),
      ].join(' \\\n');
      ops.push({
        tag: ((op.tags as string[]) ?? ['API'])[0] as string,
        html: `<section class="op" id="${html(String(op.operationId))}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${html(path)}</code></h3>
<p>${inline(String(op.summary))}</p>
${String(op.description ?? '')
  .split('\n\n')
  .map((p) => `<p class="muted">${inline(p)}</p>`)
  .join('')}
${params.length ? `<h4>Parâmetros</h4>${fieldsTable(params.map((p) => ({ name: String(p.name), where: WHERE[String(p.in)] ?? String(p.in), required: Boolean(p.required), schema: p.schema as Json })))}` : ''}
${bodyRows.length ? `<h4>Corpo (JSON)</h4>${fieldsTable(bodyRows)}` : ''}
<pre tabindex="0" aria-label="Exemplo com curl"><code>${html(curl)}</code></pre>
</section>`,
      });
    }
  }
  const tags = [...new Set(ops.map((o) => o.tag))];
  const codes = Object.entries((document['x-pauta-error-codes'] ?? {}) as Record<string, string>);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${html(info.title)} — referência</title>
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#1a1b1e;--muted:#495057;--line:#dee2e6;--code:#f1f3f5;--accent:#1864ab}
@media (prefers-color-scheme:dark){:root{--bg:#1a1b1e;--fg:#e9ecef;--muted:#adb5bd;--line:#373a40;--code:#25262b;--accent:#74c0fc}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:960px;margin:0 auto;padding:24px 16px 64px}h1{font-size:1.75rem;margin:0 0 8px}h2{margin-top:40px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:1.05rem;margin:0 0 4px;display:flex;gap:8px;align-items:center;flex-wrap:wrap;word-break:break-all}
.op{border:1px solid var(--line);border-radius:8px;padding:16px;margin:16px 0}.muted{color:var(--muted)}
code{background:var(--code);padding:1px 4px;border-radius:4px;font-size:.9em;overflow-wrap:anywhere}p,li,td{overflow-wrap:anywhere}pre{background:var(--code);padding:12px;border-radius:6px;overflow-x:auto}pre code{padding:0}
.method{font:700 .8rem/1 ui-monospace,monospace;padding:4px 6px;border-radius:4px;color:#fff;background:#495057}
.get{background:#1864ab}.post{background:#237032}.put,.patch{background:#a04a00}.delete{background:#c92a2a}
table{border-collapse:collapse;width:100%;margin:8px 0}.scroll{overflow-x:auto}th,td{border:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
a{color:var(--accent)}nav ul{padding-left:20px}
</style></head><body><main>
<h1>${html(info.title)} <small class="muted">v${html(info.version)}</small></h1>
${info.description
  .split('\n\n')
  .map((p) => `<p>${inline(p)}</p>`)
  .join('')}
<p>Endereço base: <code>${html(server)}</code>. Documento OpenAPI 3.1: <a href="openapi.json">openapi.json</a>.</p>
<nav aria-label="Seções"><ul>${tags.map((t, i) => `<li><a href="#secao-${i}">${html(t)}</a></li>`).join('')}<li><a href="#erros">Códigos de erro</a></li></ul></nav>
${tags
  .map(
    (t, i) =>
      `<h2 id="secao-${i}">${html(t)}</h2>${ops
        .filter((o) => o.tag === t)
        .map((o) => o.html)
        .join('')}`,
  )
  .join('')}
<h2 id="erros">Códigos de erro</h2>
<p>Toda recusa vem como <code>application/problem+json</code>: <code>{"type","title","status","detail","code"}</code>, com <code>detail</code> em português.</p>
<div class="scroll" tabindex="0" role="region" aria-label="Códigos de erro"><table><thead><tr><th>Código</th><th>Mensagem</th></tr></thead><tbody>${codes
    .map(
      ([code, text]) =>
        `<tr id="erro-${html(code.toLowerCase().replaceAll('_', '-'))}"><td><code>${html(code)}</code></td><td>${html(text)}</td></tr>`,
    )
    .join('')}</tbody></table></div>
</main></body></html>`;
}
