import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** What curl received. */
export interface CurlAnswer {
  status: number;
  body: string;
  localPort: number;
  httpVersion: string;
}

/** One `GET` with Debian's curl (`--http1.1` or `--http2`), key log in `keylogFile`. */
export async function curlGet(
  port: number,
  path: string,
  version: '--http1.1' | '--http2',
  keylogFile: string,
  workDir: string,
): Promise<CurlAnswer> {
  const bodyFile = join(workDir, `curl-${version.slice(2)}-${Date.now()}.json`);
  const { stdout } = await execFileAsync(
    'curl',
    [
      '--silent',
      '--show-error',
      '--insecure',
      version,
      '--resolve',
      `localhost:${port}:127.0.0.1`,
      '--output',
      bodyFile,
      '--write-out',
      '%{http_code} %{local_port} %{http_version}',
      `https://localhost:${port}${path}`,
    ],
    { env: { ...process.env, SSLKEYLOGFILE: keylogFile } },
  );
  const [status = '0', localPort = '0', httpVersion = ''] = stdout.trim().split(' ');
  return {
    status: Number(status),
    localPort: Number(localPort),
    httpVersion,
    body: await readFile(bodyFile, 'utf8'),
  };
}
