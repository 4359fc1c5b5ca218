// Mantine's stylesheets, split like its components. Mantine publishes its CSS apart from its
// JavaScript (`@mantine/core/styles.css`, 290 kB, or one file per component under
// `@mantine/core/styles/`); importing the whole file puts every component's styles on every
// page. This build plugin makes each component bring its own: Mantine imports a class map
// (`Button.module.mjs`) wherever it renders a component, and the plugin adds to that map an
// import of the matching stylesheet (`@mantine/core/styles/Button.css`). The styles then land in
// the same chunk as the component, so a page downloads the styles of the components it shows.
// Order is kept: a component imports the components it is built on (and their class maps)
// before its own, as in Mantine's bundled file; the global styles come first (client/src/main.tsx).
// @mantine/dates and @mantine/notifications have one stylesheet each, brought by any of their
// class maps. The dev server pre-bundles Mantine (no per-file hook), so there the whole
// stylesheets are imported at the entry.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const CORE_CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;
const PACKAGE_CLASS_MAP =
  /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/](?:.+[\\/])?[A-Za-z]+\.module\.mjs$/;
const DEV_STYLESHEETS = [
  '@mantine/core/styles.css',
  '@mantine/dates/styles.css',
  '@mantine/notifications/styles.css',
];

/** The stylesheet a Mantine class map needs, or null for any other module. */
export function stylesheetFor(id: string, exists: (specifier: string) => boolean): string | null {
  const core = CORE_CLASS_MAP.exec(id);
  if (core) {
    const specifier = `@mantine/core/styles/${core[1]}.css`;
    return exists(specifier) ? specifier : null;
  }
  const pkg = PACKAGE_CLASS_MAP.exec(id);
  return pkg ? `@mantine/${pkg[1]}/styles.css` : null;
}

export function mantineComponentStyles(options: { entry: string }): Plugin {
  let serve = false;
  let exists = (_specifier: string) => false;
  return {
    name: 'pauta-mantine-component-styles',
    configResolved(config) {
      serve = config.command === 'serve';
      const require = createRequire(path.join(config.root, 'package.json'));
      exists = (specifier) => {
        try {
          return existsSync(require.resolve(specifier));
        } catch {
          return false;
        }
      };
    },
    transform(code, id) {
      if (serve) {
        if (path.resolve(id) !== path.resolve(options.entry)) return null;
        return { code: `${DEV_STYLESHEETS.map((s) => `import '${s}';`).join('\n')}\n${code}`, map: null };
      }
      const stylesheet = stylesheetFor(id, exists);
      // Appended: imports are hoisted anyway, and a directive ("use client") must stay first.
      return stylesheet ? { code: `${code}\nimport '${stylesheet}';\n`, map: null } : null;
    },
  };
}
