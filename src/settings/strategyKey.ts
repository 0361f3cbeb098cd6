/** What starts the {@link strategyKey} of a module, which no built-in name contains. */
export const MODULE_KEY_PREFIX = 'module:'

/**
 * The key of an instance's strategy in the strategies record the engine takes: the built-in's
 * `name`, or `module:` and the `module` path as the config writes it, so every instance of one
 * module shares one loaded strategy. Pure.
 */
export function strategyKey(instance: {
  readonly name?: string | undefined
  readonly module?: string | undefined
}): string {
  return instance.module === undefined
    ? (instance.name ?? '')
    : `${MODULE_KEY_PREFIX}${instance.module}`
}

/** How a person reads an instance's strategy: the built-in's name or the module's path. */
export function strategyLabel(instance: {
  readonly name?: string | undefined
  readonly module?: string | undefined
}): string {
  return instance.module ?? instance.name ?? ''
}
