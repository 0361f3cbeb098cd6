import { describe } from 'vitest'
import { batchCases } from './contract/batchCases.ts'
import { postgresBackend, sqliteBackend } from './contract/contractBackends.ts'
import { patchAndWindowCases } from './contract/patchAndWindowCases.ts'
import { pgOnlyCases } from './contract/pgOnlyCases.ts'
import { readCases } from './contract/readCases.ts'
import { schemaParityCase } from './contract/schemaParityCase.ts'
import { writeCases } from './contract/writeCases.ts'

// One contract, every backend: the SQLite file through toJournalStore and PostgreSQL through
// openPgJournal must answer every call alike (docs/architecture.md §5).
describe('the journal contract on SQLite', () => {
  const backend = sqliteBackend()
  writeCases(backend)
  readCases(backend)
  patchAndWindowCases(backend)
  batchCases(backend)
})

describe('the journal contract on PostgreSQL', () => {
  const backend = postgresBackend()
  writeCases(backend)
  readCases(backend)
  patchAndWindowCases(backend)
  batchCases(backend)
  schemaParityCase(backend)
  pgOnlyCases(backend)
})
