import { escapeHtml } from './escapeHtml.ts'

/** A column of {@link renderTable}. */
export type TableColumn = {
  title: string
  /** Right-aligned; a sortable table sorts it by its cells' `value`. Default false. */
  numeric?: boolean
  /** A hover hint on the header, e.g. what the figure measures and its unit. */
  hint?: string
}

/** A cell of {@link renderTable}: text (escaped here) or markup the caller built and escaped. */
export type TableCell = {
  text: string
  /** Markup shown instead of `text`; every journal string in it must already be escaped. */
  html?: string
  /** Sort key of a numeric column; undefined sorts last. */
  value?: number | undefined
  /** A hover hint (e.g. the full id of a shortened one). */
  title?: string
}

/**
 * An HTML table. Every text, title and header goes through {@link escapeHtml}. A sortable table
 * gets header buttons the page's script binds (reportScript.ts): numeric columns carry
 * `data-type="number"` and their cells `data-value`. Pure.
 */
export function renderTable(params: {
  id?: string
  sortable: boolean
  columns: readonly TableColumn[]
  rows: readonly (readonly TableCell[])[]
}): string {
  const { columns, sortable } = params
  const head = columns
    .map((c) => {
      const attrs = [
        c.numeric ? ' class="num" data-type="number"' : '',
        c.hint ? ` title="${escapeHtml(c.hint)}"` : '',
      ].join('')
      const title = escapeHtml(c.title)
      return `<th scope="col"${attrs}>${sortable ? `<button type="button">${title}</button>` : title}</th>`
    })
    .join('')
  const body = params.rows
    .map((cells) => {
      const tds = cells
        .map((cell, i) => {
          const numeric = columns[i]?.numeric === true
          const attrs = [
            numeric ? ' class="num"' : '',
            numeric && cell.value !== undefined && Number.isFinite(cell.value)
              ? ` data-value="${cell.value}"`
              : numeric
                ? ' data-value=""'
                : '',
            cell.title ? ` title="${escapeHtml(cell.title)}"` : '',
          ].join('')
          return `<td${attrs}>${cell.html ?? escapeHtml(cell.text)}</td>`
        })
        .join('')
      return `<tr>${tds}</tr>`
    })
    .join('\n')
  const id = params.id ? ` id="${escapeHtml(params.id)}"` : ''
  const cls = sortable ? ' class="sortable"' : ''
  return `<div class="scroll"><table${id}${cls}><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`
}
