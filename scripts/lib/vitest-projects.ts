import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type VitestProject = { name: string; dir: string };

/** Where the root `vitest.config.ts` looks for projects. Keep in step with its `projects` list. */
const PROJECT_PARENTS = ['packages', 'services'];
const PROJECT_DIRS = ['web', 'scripts'];
const CONFIG_FILES = [
  'vitest.config.ts',
  'vitest.config.mts',
  'vitest.config.js',
  'vitest.config.mjs',
];

function configIn(dir: string): string | undefined {
  return CONFIG_FILES.map((f) => path.join(dir, f)).find((f) => existsSync(f));
}

/**
 * The project name vitest will use: the literal `name:` in the project config, else the
 * package.json name, else the folder name (vitest's own fallbacks).
 */
function projectName(dir: string, config: string): string {
  const source = readFileSync(config, 'utf8');
  const literal =
    /\btest\s*:\s*\{[^}]*?\bname\s*:\s*['"`]([^'"`]+)['"`]/s.exec(source) ??
    /\bname\s*:\s*['"`]([^'"`]+)['"`]/.exec(source);
  if (literal?.[1]) return literal[1];
  try {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name?: string;
    };
    if (pkg.name) return pkg.name;
  } catch {
    // no package.json: fall through
  }
  return path.basename(dir);
}

/** Every folder with its own vitest config, with the project name it declares. */
export function listVitestProjects(root: string): VitestProject[] {
  const dirs = [
    ...PROJECT_PARENTS.flatMap((parent) => {
      const base = path.join(root, parent);
      if (!existsSync(base)) return [];
      return readdirSync(base, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => path.join(base, d.name));
    }),
    ...PROJECT_DIRS.map((d) => path.join(root, d)),
  ];
  return dirs.flatMap((dir) => {
    const config = configIn(dir);
    return config ? [{ name: projectName(dir, config), dir: path.relative(root, dir) }] : [];
  });
}
