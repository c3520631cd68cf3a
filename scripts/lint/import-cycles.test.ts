import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCycles } from './import-cycles';

const REPO = path.resolve(__dirname, '..', '..');
const ROOTS = ['proto/src', 'services', 'gateway/src', 'web/src', 'deploy/local/src', 'scripts'];

describe('import circles', () => {
  it('there are none among the project’s own modules', () => {
    expect(importCycles(REPO, ROOTS)).toEqual([]);
  });

  it('finds a circle, type-only or not, and names its modules', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'podz-cycles-'));
    mkdirSync(path.join(dir, 'src', 'http'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'http', 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
    writeFileSync(
      path.join(dir, 'src', 'http', 'b.ts'),
      "import type { C } from '../c';\nexport const b = 1;\n",
    );
    writeFileSync(path.join(dir, 'src', 'c.ts'), "export type { A } from './http/a';\nexport type C = 1;\n");
    writeFileSync(path.join(dir, 'src', 'alone.ts'), "import { a } from './http/a';\nexport const d = a;\n");
    expect(importCycles(dir, ['src'])).toEqual([['src/c.ts', 'src/http/a.ts', 'src/http/b.ts']]);
  });
});
