/**
 * Where `ferry report` writes its HTML when neither `--out` nor `--json` is given (git-ignored).
 * Its own file: the command's registration and its action both read it, and the action must not
 * import the registration that loads it.
 */
export const DEFAULT_OUT = 'report.html'
