import { tableFeatures, useTable, type CellData, type RowData, type TableFeatures, type TableOptions } from '@tanstack/react-table';
import type { ReactNode } from 'react';

declare module '@tanstack/table-core' {
  // The augmentation repeats the interface's type parameters, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<in out TFeatures extends TableFeatures, in out TData extends RowData, TValue extends CellData = CellData> {
    /** The class of the column's header and cells (e.g. `num` for right-aligned amounts). */
    className?: string;
  }
}

/** The features every back office table uses: the core only (the API sorts and filters). */
export const features = tableFeatures({});
export type Columns<T extends RowData> = TableOptions<typeof features, T>['columns'];

interface DataTableProps<T extends RowData> {
  /** The table's caption, shown above it (or visually hidden when `hideCaption`). */
  caption: string;
  hideCaption?: boolean;
  columns: Columns<T>;
  data: readonly T[];
  /** A row's stable id; the row's index when the rows have none. */
  rowId?: (row: T) => string;
  /** What to say instead of an empty table. */
  empty: ReactNode;
  testId?: string;
}

/** A compact, semantic data table (TanStack Table for the model, our own markup and styles). */
export function DataTable<T extends RowData>({ caption, hideCaption, columns, data, rowId, empty, testId }: DataTableProps<T>) {
  const table = useTable({ features, columns, data: data as T[], ...(rowId ? { getRowId: (row: T) => rowId(row) } : {}) });
  if (data.length === 0)
    return (
      <p className="empty" data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </p>
    );
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid={testId}>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.columnDef.meta?.className}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
