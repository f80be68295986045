// How this package launches Debian's Chromium (tests, benchmark): never a downloaded browser,
// headless, and nothing that reaches the network on its own.

/** The browser binary (`CHROME_PATH` overrides Debian's). */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags of every launch: no sandbox (containers), no GPU, no first-run, update or sync traffic. */
export const quietChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
