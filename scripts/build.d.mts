// Types of scripts/build.mjs for the TypeScript that calls it (vitest's globalSetup, the benches).
/** The files run as their own process, compiled to the same path under dist/ with .js. */
export declare const ENTRY_POINTS: readonly string[]
/** Thrown when esbuild, a devDependency, is not installed. */
export declare class CompilerMissingError extends Error {}
/** Builds dist/ from the sources: how long it took and how many files it wrote. */
export declare function buildDist(): Promise<{ ms: number; files: number }>
