/**
 * The e-mail the server under test wrote as `.eml` files (DESIGN §8: no SMTP configured), read
 * back for the one-time portal link they carry (invitations, password resets).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable (soft line breaks, `=XX` escapes), enough to find a link. */
const unquote = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The portal links (`{origin}/app/sign-in#token=…`) mailed to `to`, oldest first. */
export function portalLinksMailedTo(mailDir: string, to: string): string[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => unquote(readFileSync(join(mailDir, name), 'utf8')))
    .filter((message) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'mi').test(message))
    .flatMap((message) => /https?:\/\/\S+\/app\/sign-in#token=[A-Za-z0-9_-]+/.exec(message) ?? []);
}

/** The bodies (quoted-printable undone) of the messages mailed to `to`, oldest first. */
export function messagesMailedTo(mailDir: string, to: string): string[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => unquote(readFileSync(join(mailDir, name), 'utf8')))
    .filter((message) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'mi').test(message));
}
