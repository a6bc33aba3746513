// The layering of docsbuild (README, "How the code is laid out"), checked in
// `npm test` by tests/unit/layering.test.ts. Folders are layers; imports
// point down only:
//   cli/support → diagnostics → markdown, html, security → source → page
//   → site → output → features → serve → the entry files (bin, index, build, worker)
// cli/init/ (the init command) stands apart: support/ and schema/ only, used by bin.ts alone.
// shared/ and schema/ sit below all of them; viewer/ uses only those two.
// Each rule's name is what a violation reports, so name what it protects.

/** Top-level files of cli/: the CLI, the library API, the orchestrators (build, migrate), the worker entry, configuration. */
const ENTRY = '^cli/(bin|index|build|worker|migrate)\\.ts$';

/** A rule: modules matching `from` may not import modules matching `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to });

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere: a cycle means two modules are one module, or a helper is kept in the wrong place.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid('viewer-uses-only-shared-and-schema', 'The browser app imports only shared/ and schema/ (and npm packages), never cli/.', '^viewer/', {
      path: '^(cli|tests|scripts|content)/',
    }),
    forbid('shared-uses-only-shared-and-schema', 'shared/ runs in Node and the browser: it imports shared/ and schema/ only.', '^shared/', {
      path: '^(cli|viewer|tests|scripts)/',
    }),
    forbid('schema-is-the-floor', 'schema/ holds the zod contracts: it imports nothing of ours but schema/.', '^schema/', {
      path: '^(cli|viewer|shared|tests|scripts)/',
    }),
    forbid('support-is-the-floor', 'cli/support/ holds generic helpers: it imports nothing else of cli/.', '^cli/support/', {
      path: '^cli/(?!support/)',
    }),
    forbid('diagnostics-below-stages', 'Diagnostics are data every layer returns: they import only support/.', '^cli/diagnostics/', {
      path: '^cli/(?!diagnostics/|support/)',
    }),
    forbid(
      'markdown-html-security-import-nothing-above',
      'Remark extensions, the sanitizer and the CSP are libraries for the pipeline: they never import a pipeline step.',
      '^cli/(markdown|html|security)/',
      { path: '^cli/(?!markdown/|html/|security/|diagnostics/|support/)' },
    ),
    forbid('source-reads-only', 'cli/source/ reads the content tree; it knows no later step.', '^cli/source/', {
      path: `^cli/(page|site|output|features|serve)/|${ENTRY}`,
    }),
    forbid('page-knows-no-site', 'The per-page half sees one page: it never imports the site-wide half, output, features or serve.', '^cli/page/', {
      path: `^cli/(site|output|features|serve)/|${ENTRY}`,
    }),
    forbid('site-is-pure', 'The site-wide half is pure data: it never imports output, features or serve.', '^cli/site/', {
      path: `^cli/(output|features|serve)/|${ENTRY}`,
    }),
    forbid('output-knows-no-feature', 'Output names and writes files; the features decide what they are. Never the reverse.', '^cli/output/', {
      path: `^cli/(features|serve)/|${ENTRY}`,
    }),
    {
      name: 'features-are-independent',
      comment: 'One feature per folder: a feature never imports another (they meet in build.ts, through the registry).',
      severity: 'error',
      from: { path: '^cli/features/([^/]+)/' },
      to: { path: '^cli/features/([^/]+)/', pathNot: '^cli/features/$1/' },
    },
    forbid('features-below-serve', 'Features make files; serving them is serve/\'s job.', '^cli/features/', { path: `^cli/serve/|${ENTRY}` }),
    forbid('serve-uses-the-library', 'The servers call the library (build.ts), never the CLI front end.', '^cli/serve/', {
      path: '^cli/(bin|index|worker)\\.ts$',
    }),
    forbid('init-stands-apart', "docsbuild init writes a new site's files: it uses cli/support/ and schema/, never the pipeline.", '^cli/init/', {
      path: '^cli/(?!init/|support/)',
    }),
    forbid('only-the-cli-runs-init', 'init is a command: only cli/bin.ts imports it.', '^cli/(?!init/|bin\\.ts$)', { path: '^cli/init/' }),
    forbid(
      'cli-reaches-viewer-only-to-prerender',
      'Only the viewer feature imports viewer/ (to prerender its components); shared code lives in shared/.',
      '^cli/(?!features/viewer/)',
      { path: '^viewer/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
