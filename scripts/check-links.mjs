/**
 * Every relative link of the README and docs/ leads to a file of the repository, and a link to a heading
 * (`page.md#heading`) to a heading that page has, so a page moved or renamed cannot leave a reader stranded.
 * Prints each broken link; exit code 1 if any.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file) {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1])));
}

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
const broken = [];
for (const file of files) {
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [page, anchor] = target.split('#');
    const resolved = page === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(page));
    if (!fs.existsSync(resolved)) broken.push(`${path.relative(root, file)}: ${target} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) broken.push(`${path.relative(root, file)}: ${target} (no such heading)`);
  }
}
for (const line of broken) console.error(line);
console.log(`${files.length} pages, ${broken.length} broken links`);
process.exit(broken.length ? 1 : 0);
