/**
 * Debian's Chromium and the flags it needs on this closed network (TOOLCHAIN.md): without the
 * background-networking flags it floods the network with refused connections.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
