// `npm run check:tree` (part of `npm test`): two rules of the tree (issue 27) that no linter rule states.
// - No unused export: every export of app/, core/, worker/ and bridge/ is used somewhere (a test counts), asked of
//   TypeScript's own language service (references, not text search).
// - No file over 300 lines without saying why: such a file starts with a comment that says why it is one file.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { root } from './local.mjs';

const MAX_LINES = 300;
const sources = (dir) => ts.sys.readDirectory(`${root}/${dir}`, ['.ts', '.tsx'], ['**/node_modules/**'], ['**/*']).filter((f) => !f.endsWith('.d.ts'));
const checked = [...sources('app'), ...sources('core'), ...sources('worker'), ...sources('bridge')];
const files = [...checked, ...sources('tests')];
const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const options = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.ReactJSX, skipLibCheck: true, noEmit: true, types: [] };
const service = ts.createLanguageService({
  getScriptFileNames: () => files,
  getScriptVersion: () => '0',
  getScriptSnapshot: (f) => {
    const text = texts.get(f) ?? (ts.sys.fileExists(f) ? ts.sys.readFile(f) : undefined);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  },
  getCurrentDirectory: () => root,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
});
const program = service.getProgram();

const problems = [];
for (const file of checked) {
  const name = relative(root, file);
  const source = program.getSourceFile(file);
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const names = ts.isVariableStatement(statement) ? statement.declarationList.declarations.map((d) => d.name) : statement.name ? [statement.name] : [];
    for (const id of names.filter(ts.isIdentifier)) {
      const uses = (service.findReferences(file, id.getStart(source)) ?? []).flatMap((r) => r.references).filter((r) => !r.isDefinition);
      if (uses.length === 0) problems.push(`${name}: export ${id.text} is used nowhere`);
    }
  }
  const text = texts.get(file);
  const lines = text.split('\n').length;
  if (lines > MAX_LINES && !/^\s*(\/\/|\/\*)/.test(text)) problems.push(`${name}: ${lines} lines, and no first comment saying why it is one file`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`check:tree: ${checked.length} files, every export used, every file over ${MAX_LINES} lines says why`);
