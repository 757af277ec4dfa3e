// The app's English texts as the catalogs hold them (issue 17): every `i18n('component', { ... })` of app/,
// read from the source (no module is run), plus the server's messages (core/messages.ts) under `errors`.
// `node scripts/i18n-catalog.mjs` prints them, the starting point of a new language's catalog.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;

/** Every TypeScript source under a folder. */
export function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const text = (node, file) => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  throw new Error(`${file}: a catalog text must be a plain string, found ${node.getText()}`);
};

/** A message's value: a string, `params('...')`, `count({ one: '...', other: '...' })`, or `params(count({ … }))` (a counted text with other values in it). */
function valueOf(node, file) {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    const [arg] = node.arguments;
    if (node.expression.text === 'params') return ts.isCallExpression(arg) ? valueOf(arg, file) : text(arg, file);
    if (node.expression.text === 'count' && ts.isObjectLiteralExpression(arg)) {
      return Object.fromEntries(arg.properties.map((p) => [p.name.getText(), text(p.initializer, file)]));
    }
  }
  return text(node, file);
}

/** Every component of the app: its name, its English messages, and the file that defines it. */
export function appComponents() {
  const components = [];
  for (const file of files(join(root, 'app'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'i18n' && node.arguments.length === 2) {
        const [name, body] = node.arguments;
        if (ts.isStringLiteral(name) && ts.isObjectLiteralExpression(body)) {
          const messages = Object.fromEntries(body.properties.map((p) => [p.name.getText(), valueOf(p.initializer, file)]));
          components.push({ name: name.text, messages, file: relative(root, file) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return components;
}

/** The server's messages by code, read from core/messages.ts. */
export function errorMessages() {
  const file = join(root, 'core/messages.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  let found = {};
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'ERROR_MESSAGES') {
      const body = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      found = Object.fromEntries(body.properties.map((p) => [p.name.getText(), text(p.initializer, file)]));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The English catalog: what every other language's catalog must match, key for key. */
export function englishCatalog() {
  const catalog = Object.fromEntries(appComponents().map((c) => [c.name, c.messages]));
  catalog.errors = errorMessages();
  return catalog;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(englishCatalog(), null, 1));
