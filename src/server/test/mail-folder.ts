/** The mail the default transport wrote to DATA_DIR/mail (lib/mailer.ts), as the tests read it. */
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The finished mails (`.eml`; a mail being written is a hidden `.partial`) in the order written, their
 * quoted-printable soft line breaks joined, so a line of text reads whole.
 */
export async function mailedTexts(dataDir: string): Promise<string[]> {
  const folder = path.join(dataDir, 'mail');
  const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => (await fs.readFile(path.join(folder, name), 'utf8')).replace(/=\r?\n/g, '')));
}
