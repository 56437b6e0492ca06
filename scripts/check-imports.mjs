/**
 * The import rules eslint cannot check here (its import plugin's resolver is missing from this registry):
 * - no circle anywhere (static, lazy `import()`, Vite's `import.meta.glob` or the server's `importGlob` alike): with a cycle, load order decides what a
 *   module sees, and a lazy screen that imports the table listing it keeps every screen in one chunk graph;
 * - the client's features (src/web/features/<feature>) never import each other, and only the shell and
 *   the app's routes import a feature: what two features share lives in the machinery
 *   (src/web/resources, components, api, institute…), so a feature can change or go alone.
 * - a server module (src/server/modules/<name>/) reaches another only through its front door, `index.ts`
 *   (architecture §10), type-only imports included: an answer's type comes from src/common/schemas, and
 *   what else a module lends is named in its index.ts;
 * - a table is written (Kysely's insertInto/updateTable/deleteFrom/replaceInto/mergeInto with a string
 *   literal, or raw `sql` text with INSERT INTO, UPDATE, DELETE FROM) only by the module whose index.ts
 *   lists it in `tables`. Outside the modules, the machinery (src/server/lib, db) writes only tables no
 *   module lists (the audit log, jobs, security policies); the resource machinery writes a resource's table
 *   through a variable, on behalf of the module that defines the resource. The seed and the migrations
 *   build the database before any module runs and are exempt.
 * Tests are exempt from the two server rules: a test arranges state across modules, as a season's history would.
 * Modules are resolved the way tsc resolves them, per tsconfig (server and web), so `.js` specifiers
 * and extensionless imports both count. For the cycles and the features, type-only imports are erased at
 * build time and do not count. Prints each violation; exit code 1 if any.
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

/** Every file's imports, type-only ones included (filled by importGraph). */
const allImports = new Map();
/** Every table write found: file → table names (filled by importGraph). */
const writes = new Map();

const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_]+)/g;

/** Records the table `node` writes, if it is a Kysely write on a named table or `sql` text that writes. */
function writesOf(file, node) {
  const found = [];
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITES.has(node.expression.name.text)) {
    const [table] = node.arguments;
    if (table && ts.isStringLiteralLike(table)) found.push(table.text.split(' ')[0]);
  }
  if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
    const { template } = node;
    const text = ts.isNoSubstitutionTemplateLiteral(template)
      ? template.text
      : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(' ');
    for (const match of text.matchAll(SQL_WRITE)) found.push(match[1]);
  }
  if (found.length) writes.set(file, [...(writes.get(file) ?? []), ...found]);
}

/** Every source file of a tsconfig with the files it imports at run time. */
function importGraph(configFile) {
  const { config } = ts.readConfigFile(path.join(root, configFile), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const graph = new Map();
  for (const file of parsed.fileNames) {
    if (!file.startsWith(path.join(root, 'src'))) continue;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const specifiers = [];
    const typeSpecifiers = [];
    const globs = [];
    const visit = (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) typeSpecifiers.push(node.moduleSpecifier.text);
      writesOf(file, node);
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
    const resolve = (list) =>
      list
        .map((specifier) => ts.resolveModuleName(specifier, file, parsed.options, ts.sys).resolvedModule)
        .filter((resolved) => resolved && !resolved.isExternalLibraryImport && resolved.resolvedFileName.startsWith(path.join(root, 'src')))
        .map((resolved) => resolved.resolvedFileName);
    graph.set(file, [...new Set([...resolve(specifiers), ...globs])]);
    allImports.set(file, [...new Set([...resolve(typeSpecifiers), ...resolve(specifiers), ...globs])]);
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

const MODULES = path.join(root, 'src/server/modules') + path.sep;
/** The server module a file belongs to, or undefined outside a module's folder. */
const moduleOf = (file) => {
  if (!file.startsWith(MODULES)) return undefined;
  const parts = file.slice(MODULES.length).split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
};
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);
const EXEMPT_WRITERS = ['src/server/db/seed.ts', 'src/server/db/migrations/'].map((entry) => path.join(root, entry));

/** Imports from one module into another that pass by its front door. */
function frontDoorViolations() {
  const found = [];
  for (const [file, targets] of allImports) {
    const from = moduleOf(file);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from && path.basename(target) !== 'index.ts') found.push(`${path.relative(root, file)} imports ${path.relative(root, target)}`);
    }
  }
  return found;
}

/** Each module's `tables` as its index.ts lists them (a literal array, read without running it). */
function tableOwners() {
  const owners = new Map();
  for (const name of fs.readdirSync(MODULES)) {
    const index = path.join(MODULES, name, 'index.ts');
    if (!fs.existsSync(index)) continue;
    const source = ts.createSourceFile(index, fs.readFileSync(index, 'utf8'), ts.ScriptTarget.Latest, true);
    let tables;
    const visit = (node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'tables' && ts.isArrayLiteralExpression(node.initializer)) {
        tables = node.initializer.elements.map((element) => element.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (!tables) throw new Error(`${path.relative(root, index)} lists no \`tables\` (lib/server-module.ts)`);
    for (const table of tables) {
      if (owners.has(table)) throw new Error(`the table ${table} is listed by both ${owners.get(table)} and ${name}`);
      owners.set(table, name);
    }
  }
  return owners;
}

/** Writes to a table from outside the module that owns it. */
function tableViolations() {
  const owners = tableOwners();
  const found = [];
  for (const [file, tables] of writes) {
    if (isTest(file) || EXEMPT_WRITERS.some((entry) => file.startsWith(entry))) continue;
    for (const table of new Set(tables)) {
      const owner = owners.get(table);
      if (owner && owner !== moduleOf(file)) found.push(`${path.relative(root, file)} writes ${table}, which ${owner} owns`);
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
for (const violation of frontDoorViolations()) {
  failed = true;
  console.error(`a module's front door passed by: ${violation}`);
}
for (const violation of tableViolations()) {
  failed = true;
  console.error(`a table written by another module: ${violation}`);
}
if (failed) process.exit(1);
console.log('no import cycles, no feature importing another, modules meet by their front doors and write their own tables');
