import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One message the server wrote as an `.eml` file (DESIGN §8), decoded enough to assert on. */
export interface SentMail {
  to: string;
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/g, '%25');
  return decodeURIComponent(bytes);
}

/** Every message in `<dataDir>/mail`, oldest first (the file names start with the time). */
export function sentMail(dataDir: string): SentMail[] {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(join(dir, name), 'utf8');
      const split = raw.indexOf('\n\n');
      const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
      const header = (field: string) =>
        new RegExp(`^${field}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
      const body = raw.slice(split + 2);
      const quoted = /quoted-printable/i.test(header('Content-Transfer-Encoding'));
      return {
        to: header('To'),
        subject: header('Subject'),
        text: quoted ? decodeQuotedPrintable(body) : body,
      };
    });
}

/** The one-time portal link (`…/app/sign-in#token=…`) of a message; throws when there is none. */
export function portalLinkToken(mail: SentMail): string {
  const match = /\/app\/sign-in#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (match === null) throw new Error(`no portal link in: ${mail.text}`);
  return match[1]!;
}
