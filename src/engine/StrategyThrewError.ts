import { FerryError } from '../common/FerryError.ts'

/**
 * A strategy's own code threw in `plan` or `decide`: the strategy's fault, not the service's or
 * an RPC's. Names the strategy instance, its name, the function and where it threw (the first
 * stack frame outside node_modules: the module's file and line), with the error's first line.
 */
export class StrategyThrewError extends FerryError {
  override name = 'StrategyThrewError'

  constructor(instanceId: string, strategyName: string, stage: 'plan' | 'decide', error: unknown) {
    const text = error instanceof Error ? error.message : String(error)
    const at = error instanceof Error ? throwSite(error.stack) : undefined
    super(
      `strategy "${instanceId}" (${strategyName}) threw in ${stage}()${at ? ` at ${at}` : ''}: ${text.split('\n')[0]}`,
      {
        metaMessages: [
          `fix: correct ${stage}() of the strategy's module${at ? ` (${at})` : ''}; ferry strategy new writes a template with a test`,
        ],
        cause: error,
      },
    )
  }
}

/** `file:line:column` of the first stack frame that is not Node's own or a dependency's. */
function throwSite(stack: string | undefined): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const frame = /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?\s*$/.exec(line.trim())
    if (!frame || frame[1]!.includes('/node_modules/')) continue
    return frame[1]!.replace(/^file:\/\//, '')
  }
  return undefined
}
