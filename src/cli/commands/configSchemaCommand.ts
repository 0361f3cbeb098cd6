import { builtInStrategies } from '../../../strategies/builtInStrategies.ts'
import { configJsonSchema } from '../../settings/configJsonSchema.ts'
import { strategyParamsJsonSchemas } from '../../settings/strategyParamsJsonSchemas.ts'

/** Runs `ferry config schema`: prints the JSON Schema of config files, for editor completion. */
export function configSchemaCommand(): void {
  const strategyParams = strategyParamsJsonSchemas(builtInStrategies)
  process.stdout.write(`${JSON.stringify(configJsonSchema({ strategyParams }), null, 2)}\n`)
}
