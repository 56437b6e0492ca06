/**
 * The import rules eslint cannot check here (its import plugin's resolver is missing from this registry):
 * - no circle anywhere (static, lazy `import()`, Vite's `import.meta.glob` or the server's `importGlob` alike): with a cycle, load order decides what a
 *   module sees, and a lazy screen that imports the table listing it keeps every screen in one chunk graph;
 * - the client's features (src/web/features/<feature>) never import each other, and only the shell and
 *   the app's routes import a feature: what two features share lives in the machinery
 *   (src/web/resources, components, api, institute…), so a feature can change or go alone.
 * Modules are resolved the way tsc resolves them, per tsconfig (server and web), so `.js` specifiers
 * and extensionless imports both count. Type-only imports are erased at build time and do not count.
 * Prints each violation; exit code 1 if any.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');

/** The files a relative `import.meta.glob` pattern of `file` matches; `*` within a path segment is the only wildcard Vite's patterns use here. */
function globbed(file, pattern) {
  if (!pattern.startsWith('.') || /\*\*|[{}[\]!]/.test(pattern))
    throw new Error(`${path.relative(root, file)}: the glob ${pattern} has a form this check does not follow`);
  let found = [path.dirname(file)];
  for (const segment of pattern.split('/')) {
    if (!segment.includes('*')) {
      found = found.map((dir) => path.join(dir, segment)).filter((candidate) => fs.existsSync(candidate));
      continue;
    }
    const matches = new RegExp(`^${segment.replace(/[.+?^$()|\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
    found = found.flatMap((dir) =>
      (fs.statSync(dir).isDirectory() ? fs.readdirSync(dir).filter((name) => matches.test(name)) : []).map((name) => path.join(dir, name)),
    );
  }
  return found;
}

const isViteGlob = (node) =>
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === 'glob' &&
  ts.isMetaProperty(node.expression.expression) &&
  node.expression.expression.keywordToken === ts.SyntaxKind.ImportKeyword;

/** The server's counterpart, `importGlob(import.meta.url, pattern)` (src/server/lib/import-glob.ts). */
const isServerGlob = (node) => ts.isIdentifier(node.expression) && node.expression.text === 'importGlob' && node.arguments.length === 2;

/** A glob's pattern argument, or undefined when `node` is no glob. */
const globPatterns = (node) => {
  if (!ts.isCallExpression(node)) return undefined;
  if (isViteGlob(node)) return node.arguments[0];
  if (isServerGlob(node)) return node.arguments[1];
  return undefined;
};

/** Every source file of a tsconfig with the files it imports at run time. */
function importGraph(configFile) {
  const { config } = ts.readConfigFile(path.join(root, configFile), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const graph = new Map();
  for (const file of parsed.fileNames) {
    if (!file.startsWith(path.join(root, 'src'))) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const specifiers = [];
    const globs = [];
    const visit = (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && !node.isTypeOnly && !node.importClause?.isTypeOnly) {
        const named = node.importClause?.namedBindings;
        const onlyTypes =
          named && ts.isNamedImports(named) && !node.importClause.name && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
        if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
        specifiers.push(node.arguments[0].text);
      }
      const patterns = globPatterns(node);
      if (patterns) {
        for (const pattern of ts.isArrayLiteralExpression(patterns) ? patterns.elements : [patterns]) {
          if (!ts.isStringLiteral(pattern)) throw new Error(`${path.relative(root, file)}: a glob whose pattern is not a string literal`);
          globs.push(...globbed(file, pattern.text));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const targets = specifiers
      .map((specifier) => ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule)
      .filter((resolved) => resolved && !resolved.isExternalLibraryImport && resolved.resolvedFileName.startsWith(path.join(root, 'src')))
      .map((resolved) => resolved.resolvedFileName);
    graph.set(file, [...new Set([...targets, ...globs])]);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (file) => {
    indexOf.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), indexOf.get(next)));
    }
    if (low.get(file) !== indexOf.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) connect(file);
  return found;
}

const FEATURES = path.join(root, 'src/web/features') + path.sep;
/** Where a file's feature is, or undefined outside the features. */
const featureOf = (file) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split(path.sep)[0] : undefined);
const MAY_IMPORT_FEATURES = ['src/web/shell', 'src/web/app'].map((dir) => path.join(root, dir) + path.sep);

/** Imports that cross the features' boundary: feature to another feature, or the machinery to a feature. */
function boundaryViolations(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === featureOf(file) || MAY_IMPORT_FEATURES.some((dir) => file.startsWith(dir))) continue;
      found.push(`${path.relative(root, file)} imports ${path.relative(root, target)}`);
    }
  }
  return found;
}

let failed = false;
for (const config of ['tsconfig.json', 'tsconfig.web.json']) {
  const graph = importGraph(config);
  for (const component of cycles(graph)) {
    failed = true;
    console.error(`import cycle (${config}) through ${component.length} files:\n  ${component.map((file) => path.relative(root, file)).join('\n  ')}`);
  }
  for (const violation of boundaryViolations(graph)) {
    failed = true;
    console.error(`a feature's boundary crossed: ${violation}`);
  }
}
if (failed) process.exit(1);
console.log('no import cycles, no feature importing another');
