import { dirname } from 'node:path'
import { configJsonSchema } from '../../settings/configJsonSchema.ts'
import { strategyParamsJsonSchemas } from '../../settings/strategyParamsJsonSchemas.ts'
import { loadStrategies } from '../run/loadStrategies.ts'
import { loadConfigOrFail } from './configCheckCommand.ts'

/**
 * Runs `ferry config schema [file]`: prints the JSON Schema of config files, for editor
 * completion. With a config, its strategy modules load (exit 2 if one cannot) and their params
 * complete as well as the built-ins'.
 */
export async function configSchemaCommand(file: string | undefined): Promise<void> {
  const config = file === undefined ? { strategies: [] } : loadConfigOrFail(file).config
  const strategies = await loadStrategies(config, file === undefined ? '.' : dirname(file))
  const strategyParams = strategyParamsJsonSchemas(strategies)
  process.stdout.write(`${JSON.stringify(configJsonSchema({ strategyParams }), null, 2)}\n`)
}
