import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const ROOT = new URL('../../../', import.meta.url)
const DOCKERFILE = readFileSync(new URL('Dockerfile', ROOT), 'utf8')
const BIN = readFileSync(new URL('bin/ferry.js', ROOT), 'utf8')

type Stage = { name: string; instructions: string[] }

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments out). */
function stagesOf(dockerfile: string): Stage[] {
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
  const stages: Stage[] = []
  for (const line of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line)
    if (from) stages.push({ name: from[1] ?? 'runtime', instructions: [] })
    else stages.at(-1)?.instructions.push(line)
  }
  return stages
}

/** What would put tsx (or any devDependency) into the image, or run uncompiled code. */
function imageProblems(dockerfile: string, bin: string): string[] {
  const problems: string[] = []
  const stages = stagesOf(dockerfile)
  for (const stage of stages) {
    let hasPackageJson = false
    for (const line of stage.instructions) {
      const sources = /^COPY\s+(?!--from)/i.test(line) ? line.split(/\s+/).slice(1, -1) : []
      if (sources.includes('package.json') || sources.includes('.')) hasPackageJson = true
      if (!line.startsWith('RUN')) continue
      if (/\btsx\b/.test(line)) problems.push(`${stage.name}: ${line} names tsx`)
      for (const npm of line.matchAll(/\bnpm\s+(ci|install|i)\b([^&;]*)/g)) {
        const [, verb, args = ''] = npm
        // npm ci and a bare npm install bring every devDependency unless they are omitted.
        if (verb === 'ci' && !args.includes('--omit=dev'))
          problems.push(`${stage.name}: npm ci without --omit=dev installs tsx`)
        // A version computed in the shell, $(…), counts as one word.
        const words = args.replace(/\$\((?:[^()]|\([^()]*\))*\)/g, 'VERSION').split(/\s+/)
        const named = words.filter((a) => a !== '' && !a.startsWith('-'))
        if (verb !== 'ci' && named.length === 0 && !args.includes('--omit=dev'))
          problems.push(`${stage.name}: npm install without packages installs tsx`)
        // npm install <pkg> beside the project's package.json installs its devDependencies too.
        if (verb !== 'ci' && named.length > 0 && hasPackageJson)
          problems.push(`${stage.name}: npm install ${named.join(' ')} beside package.json`)
        if (named.some((n) => !/^"?esbuild@/.test(n)))
          problems.push(`${stage.name}: npm install of ${named.join(' ')}, not only the compiler`)
      }
    }
  }
  const runtime = stages.at(-1)
  const entrypoint = runtime?.instructions.find((l) => l.startsWith('ENTRYPOINT'))
  if (entrypoint !== 'ENTRYPOINT ["node", "bin/ferry.js"]')
    problems.push(`runtime: ${entrypoint ?? 'no ENTRYPOINT'} is not node bin/ferry.js`)
  if (runtime?.instructions.some((l) => /^COPY\s+(?!--from)/i.test(l)))
    problems.push('runtime: copies from the build context (the sources), not the built package')
  if (!/new URL\('\.\.\/dist\/src\/cli\/main\.js', import\.meta\.url\)/.test(bin))
    problems.push('bin/ferry.js does not run dist/src/cli/main.js')
  if (/\btsx\b|\.ts['"]/.test(bin.replace(/^\s*\/\/.*$/gm, '')))
    problems.push('bin/ferry.js loads tsx or a .ts file')
  return problems
}

describe('the Docker image runs compiled code and holds no tsx (docker build cannot run here)', () => {
  test('default: no stage installs tsx, the compile stage installs esbuild alone, the entrypoint runs dist/', () => {
    expect(imageProblems(DOCKERFILE, BIN)).toEqual([])
    const stages = stagesOf(DOCKERFILE).map((s) => s.name)
    expect(stages).toEqual(['compile', 'build', 'runtime'])
    const build = stagesOf(DOCKERFILE)[1]!.instructions
    expect(build).toContain('COPY --from=compile /app/dist dist')
  })

  test('behavior: the check refuses a Dockerfile that installs devDependencies or runs the sources', () => {
    const withDevDeps = DOCKERFILE.replace('npm ci --omit=dev --ignore-scripts', 'npm ci')
    expect(imageProblems(withDevDeps, BIN)).toEqual([
      'build: npm ci without --omit=dev installs tsx',
    ])
    const compilerBesidePackage = DOCKERFILE.replace(
      'COPY package-lock.json /tmp/package-lock.json',
      'COPY package.json package-lock.json ./',
    )
    expect(imageProblems(compilerBesidePackage, BIN).join('\n')).toMatch(/beside package\.json/)
    const tsxEntrypoint = DOCKERFILE.replace(
      'ENTRYPOINT ["node", "bin/ferry.js"]',
      'ENTRYPOINT ["node", "--import", "tsx", "src/cli/main.ts"]',
    )
    expect(imageProblems(tsxEntrypoint, BIN).join('\n')).toMatch(/is not node bin\/ferry\.js/)
    const sourcesInRuntime = `${DOCKERFILE}\nCOPY . /app\n`
    expect(imageProblems(sourcesInRuntime, BIN).join('\n')).toMatch(/copies from the build context/)
    const tsxBin =
      "import { register } from 'tsx/esm/api'\nregister()\nawait import('../src/cli/main.ts')\n"
    expect(imageProblems(DOCKERFILE, tsxBin)).toEqual([
      'bin/ferry.js does not run dist/src/cli/main.js',
      'bin/ferry.js loads tsx or a .ts file',
    ])
  })

  test('default: package.json keeps tsx and esbuild to development, and ships dist/ without the TypeScript sources', () => {
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('package.json', ROOT)), 'utf8')) as {
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
      scripts: Record<string, string>
      files: string[]
    }
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx')
    expect(Object.keys(pkg.dependencies)).not.toContain('esbuild')
    expect(pkg.devDependencies).toHaveProperty('tsx')
    expect(pkg.devDependencies).toHaveProperty('esbuild')
    // What runs at install and at run time needs no tsx; the benches may.
    for (const name of ['prepare', 'build', 'build:contracts', 'prestart', 'start'])
      expect(pkg.scripts[name], name).not.toMatch(/tsx/)
    expect(pkg.files).toContain('dist/')
    expect(pkg.files.filter((f) => f === 'src/' || f.endsWith('.ts') || f === 'test/')).toEqual([])
  })
})
