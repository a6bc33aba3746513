/**
 * Building blocks of generated pages: words, sentences, code samples and
 * tables that read like the docs this tool is for (an API/workflow product),
 * so the parser sees realistic text: mostly prose, some inline code and
 * emphasis, a few long lines, fenced code in four languages.
 */
import type { Rng } from './prng';

export const NOUNS = [
  'workflow', 'trigger', 'event', 'step', 'source', 'destination', 'request', 'response', 'token', 'webhook',
  'payload', 'schedule', 'queue', 'variable', 'component', 'action', 'integration', 'account', 'deployment',
  'runtime', 'function', 'handler', 'endpoint', 'header', 'record', 'timeout', 'retry', 'limit', 'log', 'secret',
  'field', 'schema', 'cache', 'region', 'message', 'channel', 'stream', 'batch', 'job', 'task', 'project',
  'workspace', 'connector', 'credential', 'invocation', 'export', 'snapshot', 'filter', 'template', 'policy',
] as const;

export const VERBS = [
  'configure', 'deploy', 'create', 'inspect', 'replay', 'filter', 'transform', 'send', 'receive', 'validate',
  'authenticate', 'connect', 'export', 'import', 'schedule', 'monitor', 'debug', 'test', 'retry', 'throttle',
  'store', 'update', 'delete', 'list', 'emit', 'share', 'rotate', 'migrate', 'pause', 'archive',
] as const;

const PAST = (verb: string) => (verb.endsWith('e') ? `${verb}d` : verb.endsWith('y') ? `${verb.slice(0, -1)}ied` : `${verb}ed`);
const THIRD = (verb: string) => (verb.endsWith('y') ? `${verb.slice(0, -1)}ies` : verb.endsWith('h') || verb.endsWith('s') ? `${verb}es` : `${verb}s`);

const ADJECTIVES = [
  'active', 'default', 'custom', 'shared', 'private', 'public', 'scheduled', 'failed', 'pending', 'latest',
  'global', 'optional', 'required', 'encrypted', 'incoming', 'outgoing', 'paused', 'connected', 'managed', 'temporary',
] as const;

const TEMPLATES: readonly ((r: Rng) => string)[] = [
  (r) => `When a ${noun(r)} is ${PAST(verb(r))}, the ${adj(r)} ${noun(r)} ${THIRD(verb(r))} the ${noun(r)} before the next ${noun(r)} runs`,
  (r) => `You can ${verb(r)} a ${adj(r)} ${noun(r)} from the ${noun(r)} settings, or ${verb(r)} it with the ${noun(r)} API`,
  (r) => `Each ${noun(r)} keeps its own ${noun(r)}, so a ${adj(r)} ${noun(r)} never sees the ${noun(r)} of another ${noun(r)}`,
  (r) => `The ${noun(r)} ${THIRD(verb(r))} every ${adj(r)} ${noun(r)} in order and stops at the first ${noun(r)} that fails`,
  (r) => `If the ${noun(r)} is ${adj(r)}, ${verb(r)} the ${noun(r)} again and check the ${noun(r)} logs for details`,
  (r) => `A ${adj(r)} ${noun(r)} can ${verb(r)} up to ${r.int(2, 50)} ${noun(r)}s per minute; beyond that the ${noun(r)} is queued`,
  (r) => `To ${verb(r)} a ${noun(r)}, open the ${noun(r)}, choose the ${adj(r)} ${noun(r)} and ${verb(r)} it`,
  (r) => `The ${adj(r)} ${noun(r)} is ${PAST(verb(r))} after ${r.int(1, 90)} seconds unless the ${noun(r)} ${THIRD(verb(r))} it first`,
  (r) => `Most teams ${verb(r)} the ${noun(r)} once and then ${verb(r)} each ${adj(r)} ${noun(r)} as the ${noun(r)} grows`,
  (r) => `Nothing is ${PAST(verb(r))} until the ${noun(r)} returns, which keeps the ${adj(r)} ${noun(r)} consistent with the ${noun(r)}`,
];

export function noun(r: Rng): string {
  return r.pick(NOUNS);
}
export function verb(r: Rng): string {
  return r.pick(VERBS);
}
function adj(r: Rng): string {
  return r.pick(ADJECTIVES);
}
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
export function identifier(r: Rng): string {
  return `${noun(r)}${capitalize(noun(r))}`;
}

/** Inline bits a sentence may carry: markdown text spliced in at a word boundary. */
export type Inline = (r: Rng) => string;

const INLINE_DECORATIONS: readonly Inline[] = [
  (r) => `\`${identifier(r)}\``,
  (r) => `\`${noun(r)}.${verb(r)}()\``,
  (r) => `**${adj(r)} ${noun(r)}**`,
  (r) => `*${noun(r)}*`,
  (r) => `~~${noun(r)}~~`,
];

/** One sentence; `extras` are spliced in (links, constants) in addition to random decorations. */
export function sentence(r: Rng, extras: readonly string[] = []): string {
  const words = r.pick(TEMPLATES)(r).split(' ');
  const inserts = [...extras];
  if (r.chance(0.45)) inserts.push(r.pick(INLINE_DECORATIONS)(r));
  for (const insert of inserts) {
    const at = r.int(2, words.length);
    words.splice(at, 0, r.chance(0.5) ? `with ${insert}` : `(see ${insert})`);
  }
  return `${capitalize(words.join(' '))}.`;
}

export function paragraph(r: Rng, extrasPerSentence: readonly (readonly string[])[] = [], sentences = r.int(2, 4)): string {
  const out: string[] = [];
  for (let i = 0; i < Math.max(sentences, extrasPerSentence.length); i++) out.push(sentence(r, extrasPerSentence[i] ?? []));
  return out.join(' ');
}

export function bulletList(r: Rng, items: readonly string[], ordered: boolean, tasks: boolean): string {
  return items
    .map((item, i) => {
      const marker = ordered ? `${i + 1}.` : '-';
      const task = tasks ? (r.chance(0.5) ? '[x] ' : '[ ] ') : '';
      return `${marker} ${task}${item}`;
    })
    .join('\n');
}

export function table(r: Rng): string {
  const rows = r.int(3, 6);
  const types = ['string', 'number', 'boolean', 'object', 'string[]'];
  const lines = ['| Option | Type | Default | Description |', '| --- | --- | --- | --- |'];
  for (let i = 0; i < rows; i++) {
    const type = r.pick(types);
    const def = type === 'number' ? String(r.int(1, 500)) : type === 'boolean' ? String(r.chance(0.5)) : type === 'string' ? `\`"${noun(r)}"\`` : '—';
    lines.push(`| \`${identifier(r)}\` | \`${type}\` | ${def} | The ${adj(r)} ${noun(r)} to ${verb(r)} for each ${noun(r)}. |`);
  }
  return lines.join('\n');
}

export const CODE_LANGUAGES = ['js', 'bash', 'json', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export function codeBlock(r: Rng, lang: CodeLanguage): string {
  return `\`\`\`${lang}\n${CODE[lang](r)}\n\`\`\``;
}

const CODE: Record<CodeLanguage, (r: Rng) => string> = {
  js: (r) => {
    const name = identifier(r);
    const field = noun(r);
    return [
      `import { ${verb(r)}${capitalize(noun(r))} } from "@acme/${noun(r)}";`,
      '',
      'export default defineComponent({',
      '  props: {',
      `    ${field}: { type: "string", label: "${capitalize(adj(r))} ${field}" },`,
      '  },',
      '  async run({ steps, $ }) {',
      `    const ${name} = await fetch(\`https://api.example.com/v1/${noun(r)}s/\${this.${field}}\`, {`,
      `      method: "${r.pick(['GET', 'POST', 'PUT'])}",`,
      `      headers: { Authorization: \`Bearer \${process.env.${noun(r).toUpperCase()}_TOKEN}\` },`,
      '    });',
      `    if (!${name}.ok) throw new Error(\`${verb(r)} failed: \${${name}.status}\`);`,
      `    $.export("${noun(r)}", await ${name}.json());`,
      `    return steps.trigger.event.${noun(r)};`,
      '  },',
      '});',
    ].join('\n');
  },
  bash: (r) =>
    [
      `# ${capitalize(verb(r))} the ${noun(r)} and keep the ${noun(r)} for later`,
      `export ${noun(r).toUpperCase()}_ID="${r.int(1000, 99999)}"`,
      `curl -sS -X ${r.pick(['GET', 'POST', 'DELETE'])} "https://api.example.com/v1/${noun(r)}s/$${noun(r).toUpperCase()}_ID" \\`,
      '  -H "Authorization: Bearer $API_TOKEN" \\',
      `  -H "Content-Type: application/json" | jq '.${noun(r)}'`,
      `acme ${verb(r)} ${noun(r)} --${noun(r)} ${r.int(1, 64)} --${adj(r)}`,
    ].join('\n'),
  json: (r) =>
    JSON.stringify(
      {
        id: `${noun(r)}_${r.int(100000, 999999)}`,
        [noun(r)]: { [noun(r)]: r.int(1, 1000), [adj(r)]: r.chance(0.5), [identifier(r)]: `${verb(r)}-${noun(r)}` },
        [`${noun(r)}s`]: [noun(r), noun(r), noun(r)],
        created_at: `2024-0${r.int(1, 9)}-1${r.int(0, 9)}T0${r.int(0, 9)}:${r.int(10, 59)}:00Z`,
      },
      null,
      2,
    ),
  python: (r) => {
    const fn = `${verb(r)}_${noun(r)}`;
    return [
      'import requests',
      '',
      '',
      `def ${fn}(${noun(r)}_id: str, ${noun(r)}: dict) -> dict:`,
      `    """${capitalize(verb(r))} one ${noun(r)} and return the ${adj(r)} ${noun(r)}."""`,
      `    response = requests.${r.pick(['get', 'post', 'put'])}(`,
      `        f"https://api.example.com/v1/${noun(r)}s/{${noun(r)}_id}",`,
      `        json=${noun(r)},`,
      `        timeout=${r.int(5, 60)},`,
      '    )',
      '    response.raise_for_status()',
      `    return response.json()["${noun(r)}"]`,
    ].join('\n');
  },
};
