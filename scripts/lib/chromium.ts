import { existsSync } from 'node:fs';
import { run } from './process';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * How every tool here starts it (the same list as web/playwright.config.ts): headless, and none of
 * the background connections that this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
// Emoji in posts and comments need a colour emoji font to render in screenshots.
export const CHROMIUM_PACKAGES = [
  'chromium',
  'fonts-liberation',
  'fonts-noto-color-emoji',
] as const;
export const CHROMIUM_INSTALL_COMMAND = `apt-get update && apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;

const LIBERATION_FONTS = [
  '/usr/share/fonts/truetype/liberation',
  '/usr/share/fonts/truetype/liberation2',
];

export type ChromiumCheck = { ok: boolean; detail: string; instructions?: string };

function onPath(binary: string): boolean {
  return (process.env.PATH ?? '')
    .split(':')
    .some((dir) => dir !== '' && existsSync(`${dir}/${binary}`));
}

/**
 * The browser journeys run on Debian's Chromium (never a downloaded browser). When it or its fonts
 * are missing: install them from apt when we are root, otherwise stop with the exact command.
 */
export async function ensureChromium(cwd: string): Promise<ChromiumCheck> {
  const hasBrowser = existsSync(CHROMIUM_PATH);
  const hasFonts = LIBERATION_FONTS.some((dir) => existsSync(dir));
  if (hasBrowser && hasFonts) return { ok: true, detail: CHROMIUM_PATH };

  const missing = [hasBrowser ? null : CHROMIUM_PATH, hasFonts ? null : 'fonts-liberation']
    .filter(Boolean)
    .join(' and ');
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) {
    return {
      ok: false,
      detail: `${missing} missing`,
      instructions: isRoot
        ? `Install Debian's Chromium and fonts, then run npm test again:\n  ${CHROMIUM_INSTALL_COMMAND}`
        : `Install Debian's Chromium and fonts as root, then run npm test again:\n  sudo sh -c '${CHROMIUM_INSTALL_COMMAND}'`,
    };
  }

  console.log(`${missing} missing: installing from apt (${CHROMIUM_INSTALL_COMMAND})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await run('apt-get', ['update'], { cwd, env });
  if (update.code !== 0) {
    return { ok: false, detail: `apt-get update failed (exit ${update.code ?? update.signal})` };
  }
  const install = await run('apt-get', ['install', '-y', ...CHROMIUM_PACKAGES], { cwd, env });
  if (install.code !== 0 || !existsSync(CHROMIUM_PATH)) {
    return {
      ok: false,
      detail: `apt-get install failed (exit ${install.code ?? install.signal})`,
      instructions: `Install it by hand, then run npm test again:\n  ${CHROMIUM_INSTALL_COMMAND}`,
    };
  }
  return { ok: true, detail: `installed ${CHROMIUM_PATH}` };
}
