import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'

const WAL_HEADER_BYTES = 32
const FRAME_HEADER_BYTES = 24

/** What {@link walCommits} read from a journal's `-wal` file. */
export type WalCommits = {
  /** The WAL's salt: it changes when SQLite restarts the log after a checkpoint. */
  salt: string
  /** Commit frames of the current log: one per committed write transaction. */
  commits: number
}

/**
 * Counts the committed transactions in the `-wal` file of the SQLite database at `dbPath`, read
 * from the file itself (SQLite's WAL format: a frame whose header carries a database size is the
 * last frame of a commit). An observer outside the journal's code: what it counts is what reached
 * the file. Frames of an older log (other salt) end the count.
 */
export function walCommits(dbPath: string): WalCommits {
  const path = `${dbPath}-wal`
  if (!existsSync(path)) return { salt: '', commits: 0 }
  const size = statSync(path).size
  const fd = openSync(path, 'r')
  try {
    const header = Buffer.alloc(WAL_HEADER_BYTES)
    if (readSync(fd, header, 0, WAL_HEADER_BYTES, 0) < WAL_HEADER_BYTES) {
      return { salt: '', commits: 0 }
    }
    const pageSize = header.readUInt32BE(8)
    const salt = header.subarray(16, 24).toString('hex')
    const frame = Buffer.alloc(FRAME_HEADER_BYTES)
    let commits = 0
    for (
      let at = WAL_HEADER_BYTES;
      at + FRAME_HEADER_BYTES + pageSize <= size;
      at += FRAME_HEADER_BYTES + pageSize
    ) {
      readSync(fd, frame, 0, FRAME_HEADER_BYTES, at)
      if (frame.subarray(8, 16).toString('hex') !== salt) break
      if (frame.readUInt32BE(4) !== 0) commits++
    }
    return { salt, commits }
  } finally {
    closeSync(fd)
  }
}
