import type { DecisionQuote, ReportOrderRow } from './reportTypes.ts'

/** An intent's table row with its decision quote (read once, shared by rows and charts). */
export type RowWithQuote = { row: ReportOrderRow; quote: DecisionQuote | undefined }
