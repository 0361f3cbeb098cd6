import { dirname, resolve } from 'node:path'

/**
 * The absolute path of the kill-switch file (`risk.killSwitchFile`, P-4.4): an absolute setting as
 * is, a relative one from the config file's directory, so `ferry kill on --config x.yaml` and
 * `ferry run x.yaml` name the same file whatever the working directory. Pure.
 */
export function resolveKillSwitchPath(killSwitchFile: string, configPath: string): string {
  return resolve(dirname(resolve(configPath)), killSwitchFile)
}
