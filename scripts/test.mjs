/**
 * `npm test`: every check and test of the project, in order — type check, lint, unit and API tests on
 * SQLite and PostgreSQL, a smoke run of the benchmark, then the client build and the end-to-end
 * journeys in Chromium.
 * Ends with one line 'N passed, N failed, N skipped' over all the tests it ran.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureClientBuild, ensurePackages, ensureServerBuild, root, run } from './lib/prepare.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = path.join(root, 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
/** Each failed test's name and the start of its message, repeated at the end: a CI log is often read from its tail. */
const failedTests = [];
const MESSAGE_CHARS = 3000;

function stage(name, command, args, env = {}) {
  console.log(`\n» ${name}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (status !== 0) failedStages.push(name);
  return status === 0;
}

function readJson(file) {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

async function postgresReachable(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    console.log(`  PostgreSQL at ${url} is not reachable: ${error.message}`);
    return false;
  }
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function bengaliFontInstalled() {
  return has('fc-list') && execFileSync('fc-list', [':lang=bn', 'family'], { encoding: 'utf8' }).trim() !== '';
}

/**
 * Debian's Chromium and a Bengali font (the end-to-end tests, and the PDF tests, which read their PDFs back
 * with poppler-utils), and haproxy for the multi-node test; installed with apt-get when running as root.
 */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browserReady = fs.existsSync(chromium) && bengaliFontInstalled() && has('pdftoppm');
  // Without haproxy the multi-node test skips itself with a warning (it fails under CI).
  if (browserReady && (fs.existsSync('/usr/sbin/haproxy') || process.getuid?.() !== 0)) return chromium;
  if (process.getuid?.() !== 0) {
    console.error(
      `\nThe PDF and end-to-end tests need Chromium at ${chromium}, a Bengali font and poppler-utils.\nInstall them with: sudo apt-get install -y chromium fonts-noto-core poppler-utils\n(or set CHROMIUM_PATH to another Chromium), then run npm test again.`,
    );
    process.exit(1);
  }
  console.log('» installing chromium, fonts-noto-core, poppler-utils and haproxy with apt-get');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core', 'poppler-utils', 'haproxy'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return chromium;
}

ensurePackages();
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

stage('type check', 'npx', ['tsc', '-p', 'tsconfig.json']);
stage('type check (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
stage('lint', 'npx', ['eslint', '.']);
stage('import cycles', 'node', ['scripts/check-imports.mjs']);
stage('doc links', 'node', ['scripts/check-links.mjs']);
stage('format', 'npx', ['prettier', '--check', '.']);

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const projects = ['unit', 'api-sqlite'];
if (await postgresReachable(postgresUrl)) {
  projects.push('api-postgres');
} else if (ci) {
  console.error('  CI needs PostgreSQL for the API suite: failing.');
  failedStages.push('PostgreSQL');
} else {
  console.log('\n  ⚠ SKIPPED: the API suite on PostgreSQL (set TEST_DATABASE_URL or start PostgreSQL on 127.0.0.1:5432)\n');
}
// The PDF tests print with Chromium: it is needed before the unit tests, not only for the end-to-end ones.
const chromium = ensureChromium();
const vitestJson = path.join(results, 'vitest.json');
stage(
  `unit and API tests (${projects.join(', ')})`,
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { CHROMIUM_PATH: chromium },
);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults) {
    const failed = file.assertionResults.filter((result) => result.status === 'failed');
    for (const test of failed) failedTests.push({ name: `${path.relative(root, file.name)} › ${test.fullName}`, message: test.failureMessages.join('\n') });
    // A file can fail with every test passed: its hooks or teardown threw.
    if (failed.length === 0 && file.status === 'failed') failedTests.push({ name: path.relative(root, file.name), message: file.message ?? '' });
  }
}

// The benchmark runs the compiled server, as `npm start` does.
console.log('\n» server build');
try {
  ensureServerBuild();
} catch {
  failedStages.push('server build');
}

// Budgets are not timed tests (a shared machine times nothing reliably); the smoke only proves every benchmark scenario still runs
// without an error and writes its report, on tiny data for a second each.
if (stage('benchmark smoke (npm run bench -- --smoke)', 'node', ['--import', 'tsx', 'bench/run.ts', '--smoke'])) totals.passed += 1;
else totals.failed += 1;

ensureClientBuild();
const playwrightJson = path.join(results, 'playwright.json');
stage('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
const playwright = readJson(playwrightJson);
if (playwright) {
  totals.passed += playwright.stats.expected + playwright.stats.flaky;
  totals.failed += playwright.stats.unexpected;
  totals.skipped += playwright.stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests.filter((t) => t.status === 'unexpected'))
        failedTests.push({
          name: `${spec.file} › ${[...titles, spec.title].join(' › ')}`,
          message: test.results.map((result) => result.error?.message ?? '').join('\n'),
        });
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of playwright.suites) walk(suite, []);
}

for (const { name, message } of failedTests) {
  console.log(`\n✗ ${name}`);
  console.log(message.length > MESSAGE_CHARS ? `${message.slice(0, MESSAGE_CHARS)}…` : message);
}

console.log(`\n${failedStages.length ? `failed stages: ${failedStages.join(', ')}` : 'all stages passed'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
