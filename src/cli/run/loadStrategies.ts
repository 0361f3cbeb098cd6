import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { type Logger, silentLogger } from '../../common/Logger.ts'
import type {
  JsonSchemaObject,
  ParamsSchemaLike,
  Strategy,
  StrategyPlugin,
} from '../../common/strategy/strategyContract.ts'
import type { DeepReadonly } from '../../settings/deepFreeze.ts'
import type { FerryConfig } from '../../settings/ferryConfigSchema.ts'
import { foreignZodParams } from '../../settings/foreignZodParams.ts'
import { strategyKey } from '../../settings/strategyKey.ts'
import { importStrategyModule } from './importStrategyModule.ts'
import { StrategyModuleError } from './StrategyModuleError.ts'

/** Options of {@link loadStrategies}. */
export type LoadStrategiesOptions = {
  /** Gets a failing module's stack at debug level. Default silent. */
  logger?: Logger
  /** The built-ins. Default strategies/builtInStrategies.ts. */
  builtIns?: Readonly<Record<string, Strategy<never>>>
  /** Whether TypeScript modules can be loaded. Default: whether tsx resolves from ferry. */
  tsxAvailable?: boolean
}

/**
 * The strategies a config runs, by strategyKey, as createEngine takes them: the built-ins, and
 * each `module:` of `config.strategies` (relative to `configDir`, absolute allowed) imported once
 * however many instances use it. A plugin's params schema becomes one of ferry's zod (its own
 * zod's safeParse, or its JSON Schema through ajv), so params are checked at start by the same
 * path as a built-in's, and its JSON Schema goes into `ferry config schema`.
 * @throws StrategyModuleError for a module that cannot be used (importStrategyModule), whose
 *   JSON Schema does not compile, or whose `name` is a built-in's or another module's.
 */
export async function loadStrategies(
  config: DeepReadonly<Pick<FerryConfig, 'strategies'>>,
  configDir: string,
  options: LoadStrategiesOptions = {},
): Promise<Record<string, Strategy<never>>> {
  const builtIns = options.builtIns ?? builtInStrategies
  const loaded: Record<string, Strategy<never>> = { ...builtIns }
  const byName = new Map<string, { file: string; plugin: StrategyPlugin<unknown> }>()
  for (const instance of config.strategies) {
    const key = strategyKey(instance)
    if (instance.module === undefined || loaded[key] !== undefined) continue
    const file = isAbsolute(instance.module) ? instance.module : resolve(configDir, instance.module)
    const plugin = await importStrategyModule(file, {
      logger: options.logger ?? silentLogger,
      ...(options.tsxAvailable === undefined ? {} : { tsxAvailable: options.tsxAvailable }),
    })
    if (Object.hasOwn(builtIns, plugin.name))
      throw new StrategyModuleError(
        file,
        `its strategy is named "${plugin.name}", the name of a built-in strategy`,
        `give it a name of its own (to run the built-in, write name: ${plugin.name})`,
      )
    const other = byName.get(plugin.name)
    // Two spellings of one path import one module: the same object, not a clash.
    if (other !== undefined && other.plugin !== plugin)
      throw new StrategyModuleError(
        file,
        `its strategy is named "${plugin.name}", like the one in ${other.file}`,
        'give each strategy module a name of its own',
      )
    byName.set(plugin.name, { file, plugin })
    loaded[key] = await asStrategy(plugin, file)
  }
  return loaded
}

/** A plugin as the engine runs it: ferry's zod over its params schema, its methods bound. */
async function asStrategy(plugin: StrategyPlugin<unknown>, file: string): Promise<Strategy<never>> {
  let paramsSchema: z.ZodType
  let paramsJsonSchema: JsonSchemaObject
  if (plugin.paramsJsonSchema !== undefined) {
    // ajv loads only when a module needs it: every ferry command starts without it.
    const { jsonSchemaParams } = await import('../../settings/jsonSchemaParams.ts')
    try {
      paramsSchema = jsonSchemaParams(plugin.paramsJsonSchema, file)
    } catch (error) {
      throw new StrategyModuleError(
        file,
        `its paramsJsonSchema is not a valid JSON Schema: ${(error as Error).message}`,
        'fix paramsJsonSchema (draft 2020-12; a keyword ferry does not know is an error)',
      )
    }
    paramsJsonSchema = plugin.paramsJsonSchema
  } else {
    paramsSchema = foreignZodParams(plugin.paramsSchema)
    paramsJsonSchema = zodJsonSchema(plugin.paramsSchema)
  }
  return {
    name: plugin.name,
    paramsSchema,
    paramsJsonSchema,
    plan: plugin.plan.bind(plugin),
    decide: plugin.decide.bind(plugin),
    tokens: plugin.tokens.bind(plugin),
  } as Strategy<unknown> as Strategy<never>
}

/**
 * The JSON Schema of a module's zod schema: its own zod's conversion when it has one (zod 4),
 * else ferry's, else free-form (zod 3 cannot say).
 */
function zodJsonSchema(schema: ParamsSchemaLike<unknown>): JsonSchemaObject {
  const options = { io: 'input', unrepresentable: 'any' } as const
  const own = (schema as { toJSONSchema?: (o: typeof options) => JsonSchemaObject }).toJSONSchema
  try {
    if (typeof own === 'function') return own.call(schema, options)
    return z.toJSONSchema(schema as unknown as z.ZodType, options) as JsonSchemaObject
  } catch {
    return {}
  }
}
