import { persistedProxy } from './persist';

/** Admin area UI state, persisted under `root.admin` next to the session (spec §3). */
export type AdminUiState = { sidebarOpen: boolean };

export const adminUi = persistedProxy<AdminUiState>('admin', { sidebarOpen: true });

export function toggleSidebar(): void {
  adminUi.sidebarOpen = !adminUi.sidebarOpen;
}

export function setSidebarOpen(open: boolean): void {
  adminUi.sidebarOpen = open;
}
