/**
 * Whether a process with this pid exists on this host (signal 0 probes without delivering).
 * EPERM means it exists under another user. A zombie counts as alive until its parent reaps it.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
