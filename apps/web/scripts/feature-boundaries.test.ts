import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import direction of docs/decisions/009-web-feature-boundaries.md (app → features → shared)
 * is enforced by `noRestrictedImports` in apps/web/biome.json. These tests lint fixture files
 * with the real configuration, in a temporary copy of the workspace layout, so no stray file
 * ever lands in src/ (where another process could type-check or lint it).
 */

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../../..');
const BIOME = join(REPO, 'node_modules/.bin/biome');

interface Fixture {
  path: string;
  imports: string[];
}

/** Each case is one file with one import; `allowed` says whether the lint must accept it. */
const CASES: { name: string; fixture: Fixture; allowed: boolean }[] = [
  {
    name: 'a feature importing another feature',
    fixture: { path: 'features/probe-a/api/get-thing.ts', imports: ['../../auth/api/sign-in.ts'] },
    allowed: false,
  },
  {
    name: 'a file at the root of a feature importing another feature',
    fixture: { path: 'features/probe-b/thing-state.ts', imports: ['../auth/api/sign-in.ts'] },
    allowed: false,
  },
  {
    name: 'a deeper file importing another feature',
    fixture: {
      path: 'features/probe-c/components/parts/thing.tsx',
      imports: ['../../../squad-picker/pick-state.ts'],
    },
    allowed: false,
  },
  {
    name: 'a feature importing another feature through src/',
    fixture: {
      path: 'features/probe-d/api/get-thing.ts',
      imports: ['../../../features/auth/api/sign-in.ts'],
    },
    allowed: false,
  },
  {
    name: "a feature importing another feature's folder (a barrel)",
    fixture: { path: 'features/probe-e/api/get-thing.ts', imports: ['../../auth'] },
    allowed: false,
  },
  {
    name: 'a feature importing the app',
    fixture: { path: 'features/probe-f/components/thing.tsx', imports: ['../../../app/router.tsx'] },
    allowed: false,
  },
  {
    name: 'shared lib importing a feature',
    fixture: { path: 'lib/queries/get-thing.ts', imports: ['../../features/auth/api/sign-in.ts'] },
    allowed: false,
  },
  {
    name: 'a shared component importing the app',
    fixture: { path: 'components/ui/thing.tsx', imports: ['../../app/layouts/app-layout.tsx'] },
    allowed: false,
  },
  {
    name: 'a feature importing shared lib, components and config',
    fixture: {
      path: 'features/probe-g/components/thing.tsx',
      imports: [
        '../../../lib/queries/get-profile.ts',
        '../../../components/ui/button.tsx',
        '../../../config/paths.ts',
      ],
    },
    allowed: true,
  },
  {
    name: 'a feature importing its own files',
    fixture: {
      path: 'features/probe-h/components/parts/thing.tsx',
      imports: ['../../api/get-thing.ts', '../other.tsx', './sibling.tsx', '../../thing-state.ts'],
    },
    allowed: true,
  },
  {
    name: 'a route importing features and shared code',
    fixture: {
      path: 'app/routes/app/thing.tsx',
      imports: [
        '../../../features/auth/api/sign-in.ts',
        '../../../lib/queries/get-profile.ts',
        '../../layouts/app-layout.tsx',
      ],
    },
    allowed: true,
  },
  {
    name: 'shared code importing shared code',
    fixture: {
      path: 'components/ui/thing.tsx',
      imports: ['../../lib/cn.ts', './button.tsx', '../../config/paths.ts'],
    },
    allowed: true,
  },
];

let workspace = '';

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'hit21-boundaries-'));
  // The real configuration files, in the same layout, so the nested config resolves the same way.
  await mkdir(join(workspace, 'apps/web'), { recursive: true });
  await copyFile(join(REPO, 'biome.json'), join(workspace, 'biome.json'));
  await copyFile(join(REPO, 'apps/web/biome.json'), join(workspace, 'apps/web/biome.json'));
});

afterAll(async () => {
  if (workspace) await rm(workspace, { recursive: true, force: true });
});

interface BiomeDiagnostic {
  category: string;
  message: string;
  location: { path: string };
}

async function lintFixture(fixture: Fixture): Promise<BiomeDiagnostic[]> {
  const file = join(workspace, 'apps/web/src', fixture.path);
  await mkdir(dirname(file), { recursive: true });
  const lines = fixture.imports.map((specifier, index) => `import * as m${index} from '${specifier}';`);
  await writeFile(
    file,
    `${lines.join('\n')}\nexport const all = [${fixture.imports.map((_, i) => `m${i}`).join(', ')}];\n`,
  );
  try {
    // Biome exits 1 when it reports errors; the JSON report on stdout is what matters.
    const { stdout } = await run(BIOME, ['lint', '--vcs-enabled=false', '--reporter=json', file], {
      cwd: workspace,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { diagnostics: BiomeDiagnostic[] };
    return report.diagnostics.filter(
      (diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports',
    );
  } finally {
    await rm(file);
  }
}

describe('web import direction (apps/web/biome.json)', () => {
  it.each(CASES)('$name: allowed=$allowed', async ({ fixture, allowed }) => {
    const diagnostics = await lintFixture(fixture);
    if (allowed) {
      expect(diagnostics).toEqual([]);
    } else {
      expect(diagnostics).toHaveLength(fixture.imports.length);
      expect(diagnostics[0]?.message).toContain('009-web-feature-boundaries.md');
    }
  });

  it('holds for the code as it is', async () => {
    const { stdout } = await run(
      BIOME,
      ['lint', '--only=style/noRestrictedImports', '--reporter=json', 'apps/web/src'],
      { cwd: REPO },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { diagnostics: BiomeDiagnostic[] };
    expect(report.diagnostics.map((diagnostic) => diagnostic.location.path)).toEqual([]);
  });
});
