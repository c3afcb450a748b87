/** Building blocks every admin screen shares (import from '../shared'). */
export {
  ADMIN_KEY,
  adminKey,
  cleanParams,
  errorText,
  useAdminAction,
  useAdminQuery,
} from './admin-api';
export type { AdminActionOptions } from './admin-api';
export { AdminPage, AdminToolbar } from './admin-page';
export { AdminTable, CELL } from './admin-table';
export type { TableQuery } from './admin-table';
export { Badge } from './badge';
export { useSetBlocked } from './block-api';
export { BlockDialog } from './block-dialog';
export type { BlockTarget } from './block-dialog';
export type { BadgeTone } from './badge';
export { calendarDate, lagosDate, lagosDateTime, shortCalendarDay } from './format';
export { Pager } from './pager';
export { ReasonDialog } from './reason-dialog';
export type { ReasonDialogProps } from './reason-dialog';
export { BlockRowButton, MessageRowButton, RowButton } from './row-button';
export { SearchBox } from './search-box';
export { StatusFilter } from './status-filter';
export type { FilterOption } from './status-filter';
export { useCursorPager } from './use-cursor-pager';
export type { CursorPager } from './use-cursor-pager';
export { choiceParam, searchParam, useListQuery } from './use-list-query';
export type { ListParam } from './use-list-query';
