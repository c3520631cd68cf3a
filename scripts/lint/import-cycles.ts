// Import circles between the project's own modules: a module that reaches itself through its
// imports (types included) can be read only by holding the whole circle in one's head, and a
// value circle is undefined at load time for whichever module loads first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Relative imports and re-exports (`from './x'`, `import('./x')`), whatever they bring. */
const RELATIVE = /(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  if (known.has(base)) return base;
  return EXTENSIONS.map((ending) => base + ending).find((candidate) => known.has(candidate));
}

/** Each circle of modules importing each other under `roots`, as paths relative to `repo`. */
export function importCycles(repo: string, roots: string[]): string[][] {
  const files = roots.flatMap((root) => sourceFiles(path.join(repo, root)));
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(RELATIVE)]
      .map((match) => resolve(file, match[1] ?? '', known))
      .filter((target): target is string => target !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: each with more than one module is a circle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(path.relative(repo, member));
      if (member === file) break;
    }
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}
